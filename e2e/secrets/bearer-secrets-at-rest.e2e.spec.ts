import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { NatsJetStreamBus, type BusMessage, type Subscription } from '@vi/platform-bus';
import { testServers, waitFor } from '@vi/platform-testing';
import { ApiClient } from '../support/api-client';
import { databaseDump as dumpAll } from '../support/database-dump';
import { startTestSystem, type TestSystem } from '../support/test-system';
import { companyWithJob, createInterview, interviewBody, liveBody, seekerEmail } from '../interviews/interview-helpers';
import { bodyOf, createWebhook, SmtpInbox, WebhookReceiver } from '../notifications/notification-helpers';
import { tokenOf } from '../sharing/sharing-helpers';

/**
 * Decision 018: a database dump or a stream subscriber gets no usable bearer secret. Users, interviews with
 * invitations and share links (basic and advanced, emailed) are made over the API; their tokens are taken from
 * what their holders receive (emails, API responses, a webhook), each is shown to work, and then every table of
 * every schema and every event on the stream is searched for each of them.
 */
describe('bearer secrets at rest', () => {
  let t: TestSystem;
  let inbox: SmtpInbox;
  let receiver: WebhookReceiver;
  let subscription: Subscription;
  const seen: BusMessage[] = [];

  beforeAll(async () => {
    inbox = await new SmtpInbox().start();
    receiver = await new WebhookReceiver().start();
    t = await startTestSystem({ SMTP_URL: inbox.url, MAIL_FROM: 'Interviews <interviews@vi.example>' });
    subscription = await t.system.bus.subscribe({
      subjects: ['identity.*.*', 'jobs.*.*', 'interviews.*.*', 'sharing.*.*'],
      handler: async (m) => void seen.push(m),
    });
  });
  afterAll(async () => {
    await subscription.close();
    await t.stop();
    await inbox.close();
    await receiver.close();
  });

  /** Every row of every table of every schema, as text. */
  async function databaseDump(): Promise<string> {
    const lines = await dumpAll(t);
    const tables = new Set(lines.map((line) => line.slice(0, line.indexOf(':'))));
    for (const table of [
      'identity.outbox',
      'interviews.outbox',
      'interviews.share_links',
      'sharing.outbox',
      'notifications.messages',
      'notifications.deliveries',
    ]) {
      expect(tables).toContain(table);
    }
    return lines.join('\n');
  }

  /** Every message the stream holds (JetStream), or every event published in this process (in-process bus). */
  async function streamDump(): Promise<string> {
    const published = seen.map((m) => `${m.subject}: ${JSON.stringify(m.payload)}`);
    if (!testServers.natsUrl) return published.join('\n');
    const nats = await connect({ servers: testServers.natsUrl });
    try {
      const jsm = await jetstreamManager(nats);
      const stream = (t.system.bus as NatsJetStreamBus).streamName;
      const info = await jsm.streams.info(stream);
      const stored: string[] = [];
      for (let seq = info.state.first_seq; seq <= info.state.last_seq; seq++) {
        const message = await jsm.streams.getMessage(stream, { seq }).catch(() => null);
        if (message) stored.push(`${message.subject}: ${new TextDecoder().decode(message.data)}`);
      }
      expect(stored.length).toBeGreaterThanOrEqual(published.length);
      return [...stored, ...published].join('\n');
    } finally {
      await nats.close();
    }
  }

  it('keeps no set-password, candidate or share-link token in any table or event, and every one of them works', async () => {
    const company = await companyWithJob(t, 'growth', { title: 'Secret Keeper' });
    const hook = await createWebhook(company.api, { url: receiver.url() });
    const tokens = new Map<string, string>();

    // A new company user: the set-password token arrives by email only.
    const userEmail = `kept.${Date.now()}@users.example`;
    expect((await company.api.post('/users', { name: 'Kim Kept', email: userEmail, role: 'standard' })).status).toBe(201);
    const setPassword = /\/set-password\?token=([A-Za-z0-9_-]{43})/.exec((await inbox.next(userEmail)).text)?.[1];
    expect(setPassword).toBeDefined();
    tokens.set('set-password', setPassword!);

    // Interviews with invitations: the candidate token arrives by email; the job seeker answers with it.
    const seeker = seekerEmail('secret');
    const invited = await createInterview(company.api, interviewBody(company.job.uuid, { assigned_to: { name: 'Iris Invited', email: seeker } }));
    const candidateLink = new URL(/(http\S+\/candidate\/interviews\/\S+)/.exec((await inbox.next(seeker)).text)![1]);
    const candidateToken = candidateLink.searchParams.get('token')!;
    tokens.set('candidate', candidateToken);
    const candidate = new ApiClient(t.baseUrl, undefined);
    const as = (method: string, path: string) => candidate.request(method, path, { headers: { authorization: `Bearer ${candidateToken}` } });
    const accepted = await as('POST', `/candidate/interviews/${invited.uuid}/accept`);
    expect(accepted.status).toBe(200);
    for (const question of accepted.body.questions)
      expect((await as('POST', `/candidate/interviews/${invited.uuid}/questions/${question.uuid}/skip`)).status).toBe(200);
    expect((await as('POST', `/candidate/interviews/${invited.uuid}/complete`)).status).toBe(200);

    // A basic share link (its URL in the API response and in the interview), and an advanced one emailed to a reviewer.
    const basic = (await company.api.post(`/interviews/${invited.uuid}/share_link`)).body;
    tokens.set('basic share link', tokenOf(basic.url));
    await waitFor(async () => (await company.api.get(`/interviews/${invited.uuid}`)).body.share_link?.uuid === basic.uuid, 10_000);
    expect((await company.api.get(`/interviews/${invited.uuid}`)).body.share_link.url).toBe(basic.url);
    const listed = await company.api.get('/interviews');
    expect(listed.body.find((i: { uuid: string }) => i.uuid === invited.uuid).share_link.url).toBe(basic.url);
    const reviewer = `rae.${Date.now()}@reviews.example`;
    const other = await createInterview(company.api, liveBody(company.job.uuid, { assigned_to: { name: 'Otto Other', email: seekerEmail('other') } }));
    expect((await company.api.put(`/interviews/${other.uuid}`, { status: 'completed' })).status).toBe(201);
    const advanced = (
      await company.api.post('/share_links', {
        status: 'active',
        send_email: true,
        reviewers: [{ name: 'Rae', email: reviewer }],
        interviews: [{ uuid: other.uuid }],
      })
    ).body[0];
    const emailedUrl = /(http\S+\/share\/[A-Za-z0-9_-]{43})/.exec((await inbox.next(reviewer)).text)![1];
    expect(emailedUrl).toBe(advanced.url);
    tokens.set('advanced share link', tokenOf(advanced.url));
    for (const url of [basic.url, advanced.url]) expect((await fetch(`${t.baseUrl}/public/share/${tokenOf(url)}`)).status).toBe(200);

    // The integrator's webhook still gets the interview's share link with its URL (the contract's Interview payload).
    expect((await company.api.delete(`/interviews/${invited.uuid}`)).status).toBe(204);
    const deleted = bodyOf(await receiver.next('InterviewDeleted', invited.uuid));
    expect(deleted.share_link).toMatchObject({ uuid: basic.uuid, url: basic.url });
    expect(hook.uuid).toEqual(expect.any(String));

    // Let the relays publish and the workers record what they sent.
    const pendingMessages = (text: string) => text.split('\n').filter((line) => line.startsWith('notifications.messages:') && line.includes(',pending,'));
    await waitFor(async () => pendingMessages(await databaseDump()).length === 0, 10_000, 200);
    const dump = await databaseDump();
    expect(dump).toContain(',sent,');
    const stream = await streamDump();
    expect(dump).toContain(invited.uuid);
    expect(stream).toContain(invited.uuid);
    const found = [...tokens].flatMap(([name, token]) => [
      ...(dump.includes(token)
        ? [
            `${name} token in the database: ${dump
              .split('\n')
              .find((line) => line.includes(token))!
              .slice(0, 200)}`,
          ]
        : []),
      ...(stream.includes(token)
        ? [
            `${name} token on the stream: ${stream
              .split('\n')
              .find((line) => line.includes(token))!
              .slice(0, 200)}`,
          ]
        : []),
    ]);
    expect(found).toEqual([]);
  });
});
