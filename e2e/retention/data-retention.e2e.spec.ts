import { sql, type RawBuilder } from '@vi/platform-postgres';
import { waitFor, webmFile } from '@vi/platform-testing';
import { ApiClient } from '../support/api-client';
import { countRows } from '../support/database-dump';
import { startTestSystem, type TestSystem } from '../support/test-system';
import { createJob } from '../jobs/job-helpers';
import { companyWithJob, createInterview, interviewBody, seekerEmail } from '../interviews/interview-helpers';
import { createWebhook, WebhookReceiver } from '../notifications/notification-helpers';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * Decision 019: what is kept and for how long. The sweeps take the time as a parameter: these tests move the
 * clock forward instead of waiting (defaults: outbox 1 d, handled events 14 d, deliveries and messages 30 d,
 * a deleted interview's videos 1 h).
 */
describe('data retention', () => {
  let t: TestSystem;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    receiver = await new WebhookReceiver().start();
    t = await startTestSystem();
  });
  afterAll(async () => {
    await t.stop();
    await receiver.close();
  });

  const count = (table: string, where?: RawBuilder<unknown>) => countRows(t, table, where);

  /** Every service's retention sweep, as if run at `now`. */
  async function sweepAt(now: Date): Promise<void> {
    const s = t.system;
    for (const service of [s.identity, s.jobs, s.interviews, s.sharing, s.notifications]) await service.retention.sweep(now);
  }

  it("removes a deleted interview's take videos from media storage after the grace period, not before", async () => {
    const company = await companyWithJob(t);
    const created = await createInterview(company.api, interviewBody(company.job.uuid, { assigned_to: { name: 'Val Video', email: seekerEmail('val') } }));
    const token = await t.candidateLinks.token(created.uuid);
    const candidate = new ApiClient(t.baseUrl, undefined);
    expect((await candidate.request('POST', `/candidate/interviews/${created.uuid}/accept`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(
      200,
    );
    const upload = await fetch(`${t.baseUrl}/candidate/interviews/${created.uuid}/questions/${created.questions[0].uuid}/takes`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'video/webm' },
      body: webmFile({ seconds: 5 }),
    });
    expect(upload.status).toBe(201);
    expect(await t.storedVideos(created.uuid)).toHaveLength(1);

    expect((await company.api.delete(`/interviews/${created.uuid}`)).status).toBe(204);
    await sweepAt(new Date(Date.now() + HOUR - 60_000));
    expect(await t.storedVideos(created.uuid)).toHaveLength(1);
    await sweepAt(new Date(Date.now() + HOUR + 1_000));
    expect(await t.storedVideos(created.uuid)).toEqual([]);
    expect(await count('interviews.takes', sql`interview_uuid = ${created.uuid}`)).toBe(0);
  });

  it('prunes published outbox rows, handled events, finished deliveries and sent messages after their periods; keeps what is pending', async () => {
    const company = await companyWithJob(t);
    await createWebhook(company.api, { url: receiver.url() });
    receiver.reply = (request) => (request.path === '/down' ? { status: 503, body: 'down' } : { status: 200, body: 'ok' });
    await createWebhook(company.api, { url: receiver.url('/down') });
    const job = await createJob(company.api, { title: 'Kept a while', status: 'active' });
    await receiver.next('JobCreated', job.uuid);
    expect((await company.api.post('/users', { name: 'Mo Mailed', email: `mo.${Date.now()}@users.example`, role: 'standard' })).status).toBe(201);
    await waitFor(
      async () => (await count('notifications.messages', sql`status = 'sent'`)) > 0 && (await count('notifications.deliveries', sql`status = 'succeeded'`)) > 0,
      10_000,
    );
    await waitFor(async () => (await count('jobs.outbox', sql`published_at is null`)) === 0);

    const before = {
      outbox: await count('jobs.outbox'),
      ledger: await count('notifications.processed_events'),
      delivered: await count('notifications.deliveries', sql`status = 'succeeded'`),
      pendingDeliveries: await count('notifications.deliveries', sql`status = 'pending'`),
      sent: await count('notifications.messages', sql`status <> 'pending'`),
    };
    expect(Object.values(before).every((n) => n > 0)).toBe(true);

    // A day and a bit: published outbox rows go; the rest stays.
    await sweepAt(new Date(Date.now() + DAY + HOUR));
    expect(await count('jobs.outbox')).toBe(0);
    expect(await count('identity.outbox', sql`published_at is not null`)).toBe(0);
    expect(await count('notifications.processed_events')).toBeGreaterThanOrEqual(before.ledger);
    expect(await count('notifications.deliveries', sql`status = 'succeeded'`)).toBeGreaterThanOrEqual(before.delivered);

    // Fifteen days: the ledgers of handled events go.
    await sweepAt(new Date(Date.now() + 15 * DAY));
    expect(await count('notifications.processed_events')).toBe(0);
    expect(await count('interviews.processed_events')).toBe(0);
    expect(await count('notifications.messages', sql`status <> 'pending'`)).toBeGreaterThanOrEqual(before.sent);

    // A month and a bit: finished deliveries with their attempts, and finished messages go; pending deliveries stay.
    await sweepAt(new Date(Date.now() + 31 * DAY));
    expect(await count('notifications.deliveries', sql`status <> 'pending'`)).toBe(0);
    expect(await count('notifications.delivery_attempts', sql`delivery_uuid not in (select uuid from notifications.deliveries)`)).toBe(0);
    expect(await count('notifications.messages', sql`status <> 'pending'`)).toBe(0);
    expect(await count('notifications.deliveries', sql`status = 'pending'`)).toBeGreaterThanOrEqual(before.pendingDeliveries);
  });

  it("keeps an open interview's daily count through the next day, then removes it", async () => {
    const company = await companyWithJob(t);
    const put = await company.api.put(`/jobs/${company.job.uuid}`, {
      open_interview: { status: 'active', applications_per_day: 1, questions: [{ text: 'Why here?', time_limit: 60 }] },
    });
    expect(put.status).toBe(200);
    const link = put.body.open_interview.uuid as string;
    const apply = (who: string) => t.as(undefined).post(`/public/open_interviews/${link}/applications`, { name: 'Ada Applicant', email: seekerEmail(who) });
    expect((await apply('daily-first')).status).toBe(202);
    expect((await apply('daily-second')).status).toBe(429);
    const counts = () => count('jobs.open_interview_daily_applications', sql`open_interview_uuid = ${link}`);
    expect(await counts()).toBe(1);

    // Today's and tomorrow's sweeps keep it (a late request of the day may still count); the day after's removes it.
    await sweepAt(new Date());
    await sweepAt(new Date(Date.now() + DAY));
    expect(await counts()).toBe(1);
    await sweepAt(new Date(Date.now() + 2 * DAY));
    expect(await counts()).toBe(0);
  });
});
