import { waitFor } from '@vi/platform-testing';
import { settled } from '../support/barrier';
import { ApiClient } from '../support/api-client';
import { expectError } from '../support/expectations';
import { startTestSystem, type TestSystem } from '../support/test-system';
import { SupportClient } from '../../tools/admin-cli/src/support-client';
import { createStandardUser } from '../jobs/job-helpers';
import {
  InterviewEvents,
  companyWithJob,
  createInterview,
  getInterview,
  inFuture,
  interviewBody,
  liveBody,
  putInterview,
  sleep,
} from '../interviews/interview-helpers';
import { WebhookReceiver, bodyOf, createWebhook, signatureValid, type ReceivedRequest } from './notification-helpers';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('webhook deliveries', () => {
  let t: TestSystem;
  let events: InterviewEvents;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    t = await startTestSystem({ WEBHOOK_RETRY_SCHEDULE: '300ms,300ms,300ms,300ms' });
    events = await new InterviewEvents().start(t.system.bus);
    receiver = await new WebhookReceiver().start();
  });
  afterAll(async () => {
    await events.close();
    await receiver.close();
    await t.stop();
  });

  /** The headers and signature every notification carries. */
  function expectNotification(request: ReceivedRequest, hook: any, ownerUuid: string, event: string, payload: string, auth?: string) {
    expect(request.method).toBe('POST');
    expect(request.path).toBe(new URL(hook.url).pathname);
    expect(request.headers).toMatchObject({
      'content-type': 'application/json',
      'x-service-event': event,
      'x-service-payload': payload,
      'x-service-user-uuid': ownerUuid,
      'x-service-webhook-uuid': hook.uuid,
      'webhook-id': expect.stringMatching(UUID),
      'webhook-timestamp': expect.stringMatching(/^\d+$/),
      'webhook-signature': expect.stringMatching(/^v1,[A-Za-z0-9+/]+=*$/),
    });
    expect(Math.abs(Number(request.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(60);
    expect(signatureValid(hook.secret, request)).toBe(true);
    // A receiver holding another secret (or a tampered body) rejects it.
    expect(signatureValid('whsec_' + Buffer.alloc(32, 7).toString('base64'), request)).toBe(false);
    expect(signatureValid(hook.secret, { ...request, body: request.body + ' ' })).toBe(false);
    if (auth) expect(request.headers.authorization).toBe(`Basic ${Buffer.from(auth).toString('base64')}`);
    else expect(request.headers.authorization).toBeUndefined();
  }

  it('sends every event of the table, signed, with basic auth, carrying what the owner would GET', async () => {
    const company = await companyWithJob(t);
    const hook = await createWebhook(company.api, { description: 'All events', url: receiver.url('/all'), http_auth: 'hook-user:pa:ss word' });
    const owner = company.me.user.uuid;
    const check = async (event: string, payload: string, resourceUuid: string, expected: unknown, count = 1) => {
      const request = await receiver.next(event, resourceUuid, count);
      expectNotification(request, hook, owner, event, payload, 'hook-user:pa:ss word');
      expect(bodyOf(request)).toEqual(expected);
      return request;
    };

    // Jobs: the job as GET /jobs/<uuid> shows it.
    const job = (await company.api.post('/jobs', { title: 'Webhook Engineer', locality: { work_mode: 'remote', work_place: '' } })).body;
    await check('JobCreated', 'Job', job.uuid, (await company.api.get(`/jobs/${job.uuid}`)).body);
    expect((await company.api.put(`/jobs/${job.uuid}`, { title: 'Senior Webhook Engineer' })).status).toBe(200);
    await check('JobUpdated', 'Job', job.uuid, (await company.api.get(`/jobs/${job.uuid}`)).body);

    // Interviews: the interview as GET /interviews/<uuid> shows it at that moment.
    const created = await createInterview(company.api, interviewBody(job.uuid, { scheduled_at: inFuture(3600_000) }));
    await check('InterviewCreated', 'Interview', created.uuid, await getInterview(company.api, created.uuid));

    await events.next(created.uuid, 'interviews.interview.created');
    const token = await t.candidateLinks.token(created.uuid);
    const candidate = (method: string, path: string) =>
      new ApiClient(t.baseUrl, undefined).request(method, path, { headers: { authorization: `Bearer ${token}` } });
    const accepted = await candidate('POST', `/candidate/interviews/${created.uuid}/accept`);
    expect(accepted.status).toBe(200);
    await check('InterviewAccepted', 'Interview', created.uuid, await getInterview(company.api, created.uuid));
    for (const q of accepted.body.questions)
      expect((await candidate('POST', `/candidate/interviews/${created.uuid}/questions/${q.uuid}/skip`)).status).toBe(200);
    expect((await candidate('POST', `/candidate/interviews/${created.uuid}/complete`)).status).toBe(200);
    await check('InterviewCompleted', 'Interview', created.uuid, await getInterview(company.api, created.uuid));

    // InterviewRated: the Rating payload.
    await putInterview(company.api, created.uuid, { rating: 4.5 });
    const rating = (await events.next(created.uuid, 'interviews.interview.rated')).payload.rating;
    await check('InterviewRated', 'Rating', created.uuid, rating);
    expect(rating).toEqual({ interview_uuid: created.uuid, rating: 4.5, rated_by: company.me.user, rated_at: expect.any(String) });

    // InterviewReset by customer support (the admin CLI's call).
    const support = new SupportClient(`127.0.0.1:${t.system.interviews.grpcPort}`, t.env.INTERNAL_JWT_SECRET!);
    try {
      await support.resetInterview(created.uuid);
    } finally {
      support.close();
    }
    await check('InterviewReset', 'Interview', created.uuid, await getInterview(company.api, created.uuid));

    const moved = await createInterview(company.api, liveBody(job.uuid));
    await receiver.next('InterviewCreated', moved.uuid);
    await putInterview(company.api, moved.uuid, { scheduled_at: inFuture(5 * 24 * 3600_000) });
    await check('InterviewRescheduled', 'Interview', moved.uuid, await getInterview(company.api, moved.uuid));
    // Canceling has no webhook event (interviews.interview.canceled is internal).
    await putInterview(company.api, moved.uuid, { status: 'canceled' });
    const beforeDelete = await getInterview(company.api, moved.uuid);
    expect((await company.api.delete(`/interviews/${moved.uuid}`)).status).toBe(204);
    await check('InterviewDeleted', 'Interview', moved.uuid, beforeDelete);
    expect(receiver.of('InterviewCanceled')).toEqual([]);
    expect(receiver.of('InterviewRescheduled', moved.uuid)).toHaveLength(1);

    // One-way: a live interview expires only when its join window closes, hours after scheduled_at (decision 038).
    const expiring = await createInterview(company.api, interviewBody(job.uuid, { scheduled_at: inFuture(3_000) }));
    await receiver.next('InterviewCreated', expiring.uuid);
    // Time itself: the sweep expires an interview only once its due time has passed (the system's own clock).
    await sleep(Math.max(0, new Date(expiring.scheduled_at).getTime() - Date.now() + 50));
    await t.system.interviews.sweepExpired();
    await check('InterviewExpired', 'Interview', expiring.uuid, await getInterview(company.api, expiring.uuid));

    const beforeJobDelete = (await company.api.get(`/jobs/${job.uuid}`)).body;
    expect((await company.api.delete(`/jobs/${job.uuid}`)).status).toBe(204);
    const deleted = await check('JobDeleted', 'Job', job.uuid, {
      ...beforeJobDelete,
      status: 'inactive',
      updated_at: expect.any(String),
      status_updated_at: expect.any(String),
    });
    expect(bodyOf(deleted).uuid).toBe(job.uuid);

    // Every delivery has its own webhook-id; each was sent once (all succeeded at once).
    const ids = receiver.requests.filter((r) => r.headers['x-service-webhook-uuid'] === hook.uuid).map((r) => r.headers['webhook-id']);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("sends a company's events to each webhook of its users, and nothing of other companies", async () => {
    const company = await companyWithJob(t);
    const other = await companyWithJob(t);
    const standard = await createStandardUser(company.api, t.as, `hooks.${Date.now()}@standard.example`);
    const adminHook = await createWebhook(company.api, { description: 'admin', url: receiver.url('/admin') });
    const standardHook = await createWebhook(standard.api, { description: 'standard', url: receiver.url('/standard') });
    const otherHook = await createWebhook(other.api, { description: 'other', url: receiver.url('/other') });

    const job = (await company.api.post('/jobs', { title: 'Shared', locality: { work_mode: 'remote', work_place: '' } })).body;
    await waitFor(() => receiver.of('JobCreated', job.uuid).length >= 2, 10_000);
    const byHook = new Map(receiver.of('JobCreated', job.uuid).map((r) => [r.headers['x-service-webhook-uuid'], r]));
    expectNotification(byHook.get(adminHook.uuid)!, adminHook, company.me.user.uuid, 'JobCreated', 'Job');
    expectNotification(byHook.get(standardHook.uuid)!, standardHook, standard.uuid, 'JobCreated', 'Job');
    expect(byHook.get(adminHook.uuid)!.headers['webhook-id']).not.toBe(byHook.get(standardHook.uuid)!.headers['webhook-id']);

    // A sentinel in the other company: once it arrives, the first job would have too.
    const theirs = (await other.api.post('/jobs', { title: 'Theirs', locality: { work_mode: 'remote', work_place: '' } })).body;
    const sentinel = await receiver.next('JobCreated', theirs.uuid);
    expect(sentinel.headers['x-service-webhook-uuid']).toBe(otherHook.uuid);
    await settled(t);
    expect(
      receiver
        .of('JobCreated', job.uuid)
        .map((r) => r.headers['x-service-webhook-uuid'])
        .sort(),
    ).toEqual([adminHook.uuid, standardHook.uuid].sort());
    expect(receiver.of('JobCreated', theirs.uuid)).toHaveLength(1);
  });

  it('retries a receiver that fails, with the same webhook-id, until it succeeds; the log shows every attempt', async () => {
    const company = await companyWithJob(t);
    const flaky = await new WebhookReceiver().start();
    try {
      flaky.reply = (_request, index) =>
        index < 2 ? { status: index === 0 ? 500 : 302, headers: { location: 'http://127.0.0.1:1/' }, body: 'down for maintenance' } : { status: 204 };
      const hook = await createWebhook(company.api, { description: 'flaky', url: flaky.url() });
      const job = (await company.api.post('/jobs', { title: 'Retried', locality: { work_mode: 'remote', work_place: '' } })).body;
      await flaky.next('JobCreated', job.uuid, 3);
      const attempts = flaky.of('JobCreated', job.uuid);
      expect(new Set(attempts.map((r) => r.headers['webhook-id'])).size).toBe(1);
      expect(attempts.map((r) => r.body)).toEqual([attempts[0].body, attempts[0].body, attempts[0].body]);
      for (const attempt of attempts) expect(signatureValid(hook.secret, attempt)).toBe(true);
      // Backoff: 300 ms ± 20% between attempts.
      expect(attempts[1].at - attempts[0].at).toBeGreaterThanOrEqual(230);
      expect(attempts[2].at - attempts[1].at).toBeGreaterThanOrEqual(230);
      await settled(t);
      expect(flaky.of('JobCreated', job.uuid)).toHaveLength(3);

      const log = await company.api.get(`/webhooks/${hook.uuid}/deliveries`);
      expect(log.status).toBe(200);
      expect(log.headers.get('content-range')).toBe('items 0-2/3');
      expect(log.body).toEqual([
        {
          uuid: expect.stringMatching(UUID),
          webhook_id: attempts[0].headers['webhook-id'],
          event_type: 'JobCreated',
          attempt: 3,
          success: true,
          status_code: 204,
          duration_ms: expect.any(Number),
          error: null,
          attempted_at: expect.stringMatching(/\+00:00$/),
          next_attempt_at: null,
        },
        {
          uuid: expect.stringMatching(UUID),
          webhook_id: attempts[0].headers['webhook-id'],
          event_type: 'JobCreated',
          attempt: 2,
          success: false,
          status_code: 302,
          duration_ms: expect.any(Number),
          error: 'HTTP 302: down for maintenance',
          attempted_at: expect.any(String),
          next_attempt_at: null,
        },
        {
          uuid: expect.stringMatching(UUID),
          webhook_id: attempts[0].headers['webhook-id'],
          event_type: 'JobCreated',
          attempt: 1,
          success: false,
          status_code: 500,
          duration_ms: expect.any(Number),
          error: 'HTTP 500: down for maintenance',
          attempted_at: expect.any(String),
          next_attempt_at: null,
        },
      ]);
      const page = await company.api.get(`/webhooks/${hook.uuid}/deliveries?range=1-1`);
      expect(page.headers.get('content-range')).toBe('items 1-1/3');
      expect(page.body.map((a: any) => a.attempt)).toEqual([2]);
      expect((await company.api.get(`/webhooks/${hook.uuid}`)).body).toMatchObject({ status: 'active', failing_since: null });
    } finally {
      await flaky.close();
    }
  });

  it("keeps the order of one resource's events while its first delivery is retried", async () => {
    const company = await companyWithJob(t);
    const slow = await new WebhookReceiver().start();
    try {
      slow.reply = (_request, index) => (index === 0 ? { status: 503 } : { status: 200 });
      await createWebhook(company.api, { description: 'ordered', url: slow.url() });
      const job = (await company.api.post('/jobs', { title: 'Order 1', locality: { work_mode: 'remote', work_place: '' } })).body;
      await company.api.put(`/jobs/${job.uuid}`, { title: 'Order 2' });
      await company.api.put(`/jobs/${job.uuid}`, { title: 'Order 3' });
      await slow.next('JobUpdated', job.uuid, 2);
      const sequence = slow.requests.map((r) => [r.headers['x-service-event'], bodyOf(r).title]);
      expect(sequence).toEqual([
        ['JobCreated', 'Order 1'],
        ['JobCreated', 'Order 1'],
        ['JobUpdated', 'Order 2'],
        ['JobUpdated', 'Order 3'],
      ]);
    } finally {
      await slow.close();
    }
  });

  it("replays the last notification of a type to the caller's webhooks; unknown types are 400, nothing to replay is 204", async () => {
    const company = await companyWithJob(t);
    const replayed = await new WebhookReceiver().start();
    try {
      const hook = await createWebhook(company.api, { description: 'replay', url: replayed.url() });
      expectError(await company.api.get('/webhooks/replay/JobExploded'), 400, 'api.webhook_event_type_unknown');
      expectError(await company.api.get('/webhooks/replay/interviews.interview.created'), 400, 'api.webhook_event_type_unknown');

      // Nothing of this type yet in the company: 204 and nothing sent.
      const nothing = await company.api.get('/webhooks/replay/InterviewRated');
      expect(nothing.status).toBe(204);

      const first = (await company.api.post('/jobs', { title: 'Replay 1', locality: { work_mode: 'remote', work_place: '' } })).body;
      const second = (await company.api.post('/jobs', { title: 'Replay 2', locality: { work_mode: 'remote', work_place: '' } })).body;
      const original = await replayed.next('JobCreated', second.uuid);
      await replayed.next('JobCreated', first.uuid);
      const before = replayed.requests.length;

      // HEAD, which clients and proxies send freely, does not replay: 405, and nothing more is sent (checked below).
      const head = await company.api.request('HEAD', '/webhooks/replay/JobCreated', {});
      expect({ status: head.status, allow: head.headers.get('allow') }).toEqual({ status: 405, allow: 'GET' });

      const replay = await company.api.get('/webhooks/replay/JobCreated');
      expect(replay.status).toBe(204);
      const again = await replayed.next('JobCreated', second.uuid, 2);
      expectNotification(again, hook, company.me.user.uuid, 'JobCreated', 'Job');
      expect(again.body).toBe(original.body);
      expect(again.headers['webhook-id']).not.toBe(original.headers['webhook-id']);
      await settled(t);
      expect(replayed.requests).toHaveLength(before + 1);
      expect(replayed.of('InterviewRated')).toEqual([]);
    } finally {
      await replayed.close();
    }
  });

  it('stops delivering at once when a webhook is deleted, and when its owner is deleted', async () => {
    const company = await companyWithJob(t);
    const kept = await new WebhookReceiver().start();
    const dropped = await new WebhookReceiver().start();
    try {
      await createWebhook(company.api, { description: 'kept', url: kept.url() });
      const doomed = await createWebhook(company.api, { description: 'deleted', url: dropped.url() });
      const standard = await createStandardUser(company.api, t.as, `owner.${Date.now()}@standard.example`);
      await createWebhook(standard.api, { description: 'owner deleted', url: dropped.url('/owner') });

      expect((await company.api.delete(`/webhooks/${doomed.uuid}`)).status).toBe(204);
      expectError(await company.api.get(`/webhooks/${doomed.uuid}`), 404, 'api.webhook_not_found');
      expectError(await company.api.delete(`/webhooks/${doomed.uuid}`), 404, 'api.webhook_not_found');
      expect((await company.api.delete(`/users/${standard.uuid}`)).status).toBe(204);
      await settled(t); // the deletion event has reached notifications

      const job = (await company.api.post('/jobs', { title: 'After delete', locality: { work_mode: 'remote', work_place: '' } })).body;
      await kept.next('JobCreated', job.uuid);
      await settled(t);
      expect(dropped.requests).toEqual([]);
    } finally {
      await kept.close();
      await dropped.close();
    }
  });
});
