import { waitFor, webmFile } from '@vi/platform-testing';
import { companyWithJob, createInterview, interviewBody, seekerEmail } from '../interviews/interview-helpers';
import { SmsEndpoint, WebhookReceiver, createWebhook, testPhone } from '../notifications/notification-helpers';
import { completedInterviewWithTakes, InterviewCreations } from '../sharing/sharing-helpers';
import { startTestSystem, type TestSystem } from '../support/test-system';

const SMS = { sid: 'AC_metrics', token: 'sms-auth-token', from: '+15005550006' };
// Few failed authentications per IP, so that the last test reaches the limit quickly.
const AUTH_FAILURES_PER_MINUTE = 3;

/** One sample's value from a Prometheus text exposition, or undefined. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const line = text.split('\n').find((l) => {
    if (!l.startsWith(`${name}{`) && !l.startsWith(`${name} `)) return false;
    return Object.entries(labels).every(([key, value]) => l.includes(`${key}="${value}"`));
  });
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

describe('metrics on every health port', () => {
  let t: TestSystem;
  let sms: SmsEndpoint;
  let receiver: WebhookReceiver;
  const creations = new InterviewCreations();
  const metrics = async (port: number) => {
    const response = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return response.text();
  };

  /** A sample of a service's metrics, or 0 when it has not been counted yet. */
  const valueOn = async (port: number, name: string, labels: Record<string, string> = {}) => sample(await metrics(port), name, labels) ?? 0;

  beforeAll(async () => {
    sms = await new SmsEndpoint().start();
    receiver = await new WebhookReceiver().start();
    t = await startTestSystem({
      SMS_PROVIDER_URL: sms.url,
      SMS_ACCOUNT_SID: SMS.sid,
      SMS_AUTH_TOKEN: SMS.token,
      SMS_FROM: SMS.from,
      MESSAGE_RETRY_SCHEDULE: '300ms',
      WEBHOOK_RETRY_SCHEDULE: '300ms',
      AUTH_FAILURES_PER_MINUTE: String(AUTH_FAILURES_PER_MINUTE),
    });
    await creations.start(t);
  });
  afterAll(async () => {
    await creations.close();
    await t.stop();
    await sms.close();
    await receiver.close();
  });

  it('counts requests by route template, gRPC calls by method and status, relayed and consumed events', async () => {
    const company = await t.createCompany();
    const gatewayPort = t.system.gateway.healthPort;
    const before = await metrics(gatewayPort);
    const jobsCreated = sample(before, 'http_requests_total', { method: 'POST', route: '/v1.0/jobs', status: '201' }) ?? 0;

    const job = await company.api.post('/jobs', { title: 'Metrics Engineer', locality: { work_mode: 'remote', work_place: '' } });
    expect(job.status).toBe(201);
    await company.api.get(`/jobs/${job.body.uuid}`);
    await company.api.get('/jobs/00000000-0000-4000-8000-000000000000');
    const interview = await company.api.post('/interviews', {
      type: 'one_way',
      scheduled_at: new Date(Date.now() + 3600_000).toISOString().replace(/\.\d{3}Z$/, '+00:00'),
      assigned_to: { name: 'Morgan Metrics', email: 'morgan@example.com' },
      job_post: { uuid: job.body.uuid },
      questions: [{ text: 'Why metrics?', time_limit: 60 }],
    });
    expect(interview.status).toBe(201);
    // The invitation email goes out through the notifications service.
    await waitFor(
      async () => (sample(await metrics(t.system.notifications.healthPort), 'notification_messages_total', { channel: 'email', outcome: 'sent' }) ?? 0) >= 1,
      20_000,
    );
    expect((await company.api.delete(`/interviews/${interview.body.uuid}`)).status).toBe(204);
    expect((await company.api.delete(`/jobs/${job.body.uuid}`)).status).toBe(204);

    const after = await metrics(gatewayPort);
    expect(sample(after, 'http_requests_total', { method: 'POST', route: '/v1.0/jobs', status: '201' })).toBe(jobsCreated + 1);
    expect(sample(after, 'http_requests_total', { method: 'GET', route: '/v1.0/jobs/:jobUuid', status: '200' })).toBeGreaterThanOrEqual(1);
    expect(sample(after, 'http_requests_total', { method: 'GET', route: '/v1.0/jobs/:jobUuid', status: '404' })).toBeGreaterThanOrEqual(1);
    expect(sample(after, 'http_request_duration_seconds_count', { method: 'POST', route: '/v1.0/jobs', status: '201' })).toBe(jobsCreated + 1);
    // Label values stay bounded: templates, never ids.
    expect(after).not.toContain(job.body.uuid as string);
    expect(after).not.toContain(interview.body.uuid as string);
    expect(sample(after, 'grpc_server_handling_seconds_count', { method: '/jobs.v1.JobsService/CreateJob', code: 'OK' })).toBeGreaterThanOrEqual(1);
    expect(sample(after, 'grpc_client_handling_seconds_count', { method: '/jobs.v1.JobsService/CreateJob', code: 'OK' })).toBeGreaterThanOrEqual(1);
    expect(sample(after, 'grpc_server_handling_seconds_count', { method: '/jobs.v1.JobsService/GetJob', code: 'NOT_FOUND' })).toBeGreaterThanOrEqual(1);
    expect(sample(after, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);

    // The job's events leave the outbox, and the interviews service's projection consumer takes the deletion.
    await waitFor(
      async () =>
        (sample(await metrics(t.system.interviews.healthPort), 'bus_consumer_deliveries_total', { durable: 'interviews-projections', outcome: 'handled' }) ??
          0) >= 1,
    );
    const services = await metrics(t.system.interviews.healthPort);
    expect(sample(services, 'outbox_events_relayed_total')).toBeGreaterThanOrEqual(2);
    expect(sample(services, 'outbox_oldest_unpublished_age_seconds')).toBeDefined();
  });

  it('counts webhook attempts by outcome and attempt, SMS by outcome, take uploads by bytes and outcome', async () => {
    const notifications = t.system.notifications.healthPort;
    const interviews = t.system.interviews.healthPort;
    const company = await companyWithJob(t, 'growth');
    const before = {
      webhookFailed: await valueOn(notifications, 'webhook_delivery_attempts_total', { outcome: 'failed', attempt: '1' }),
      webhookSucceeded: await valueOn(notifications, 'webhook_delivery_attempts_total', { outcome: 'succeeded', attempt: '2' }),
      smsRetried: await valueOn(notifications, 'notification_messages_total', { channel: 'sms', outcome: 'retried' }),
      smsSent: await valueOn(notifications, 'notification_messages_total', { channel: 'sms', outcome: 'sent' }),
      bytes: await valueOn(interviews, 'take_upload_bytes_total'),
      stored: await valueOn(interviews, 'take_upload_duration_seconds_count', { outcome: 'stored' }),
      refused: await valueOn(interviews, 'take_upload_duration_seconds_count', { outcome: 'refused' }),
    };

    // A webhook whose receiver fails the first attempt of each event and takes the second.
    const failedOnce = new Set<string>();
    receiver.reply = (request) => {
      const id = String(request.headers['webhook-id']);
      if (failedOnce.has(id)) return { status: 200 };
      failedOnce.add(id);
      return { status: 503 };
    };
    await createWebhook(company.api, { description: 'metrics', url: receiver.url() });
    // An SMS invitation the provider refuses once (500), then accepts.
    sms.reply = (n) => (n === 1 ? 500 : 201);
    const phone = testPhone();
    await createInterview(
      company.api,
      interviewBody(company.job.uuid, {
        assigned_to: { name: 'Sam Sms', email: seekerEmail('metrics'), phone: `(415) ${phone.slice(-7)}`, phone_parsed: phone },
        has_sms_consent: true,
      }),
    );
    // A take stored, and one refused (not a video).
    const video = webmFile({ seconds: 2, fps: 5, audio: false });
    await completedInterviewWithTakes(t, company, creations, [[video]]);
    const another = await createInterview(
      company.api,
      interviewBody(company.job.uuid, { assigned_to: { name: 'Nat Notavideo', email: seekerEmail('metrics') } }),
    );
    const anotherToken = await creations.candidateToken(another.uuid);
    await fetch(`${t.baseUrl}/candidate/interviews/${another.uuid}/accept`, { method: 'POST', headers: { authorization: `Bearer ${anotherToken}` } });
    const notAVideo = await fetch(`${t.baseUrl}/candidate/interviews/${another.uuid}/questions/${another.questions[0].uuid}/takes`, {
      method: 'POST',
      headers: { authorization: `Bearer ${anotherToken}`, 'content-type': 'video/webm' },
      body: Buffer.alloc(5_000, 7),
    });
    expect(notAVideo.status).toBe(400);

    await waitFor(
      async () => (await valueOn(notifications, 'webhook_delivery_attempts_total', { outcome: 'succeeded', attempt: '2' })) > before.webhookSucceeded,
      20_000,
    );
    expect(await valueOn(notifications, 'webhook_delivery_attempts_total', { outcome: 'failed', attempt: '1' })).toBeGreaterThan(before.webhookFailed);
    await waitFor(async () => (await valueOn(notifications, 'notification_messages_total', { channel: 'sms', outcome: 'sent' })) > before.smsSent, 20_000);
    expect(await valueOn(notifications, 'notification_messages_total', { channel: 'sms', outcome: 'retried' })).toBe(before.smsRetried + 1);
    expect(await valueOn(interviews, 'take_upload_bytes_total')).toBe(before.bytes + video.length);
    expect(await valueOn(interviews, 'take_upload_duration_seconds_count', { outcome: 'stored' })).toBe(before.stored + 1);
    expect(await valueOn(interviews, 'take_upload_duration_seconds_count', { outcome: 'refused' })).toBe(before.refused + 1);
    // Every service that publishes shows its outbox's age.
    for (const port of [t.system.identity.healthPort, t.system.jobs.healthPort, interviews, t.system.sharing.healthPort]) {
      expect(sample(await metrics(port), 'outbox_oldest_unpublished_age_seconds')).toBeGreaterThanOrEqual(0);
    }
  });

  // Last: it blocks this machine's IP for a minute.
  it('counts rate-limit refusals by the limit that refused', async () => {
    const gateway = t.system.gateway.healthPort;
    const before = await valueOn(gateway, 'rate_limit_refusals_total', { limit: 'auth_failures' });
    const stranger = t.as('not-a-key');
    for (let i = 0; i < AUTH_FAILURES_PER_MINUTE; i++) expect((await stranger.get('/jobs')).status).toBe(401);
    expect((await stranger.get('/jobs')).status).toBe(429);
    expect((await t.admin.get('/jobs')).status).toBe(429);
    expect(await valueOn(gateway, 'rate_limit_refusals_total', { limit: 'auth_failures' })).toBe(before + 2);
  });
});
