import { waitFor } from '@vi/platform-testing';
import { startTestSystem, type TestSystem } from '../support/test-system';

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
  const metrics = async (port: number) => {
    const response = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return response.text();
  };

  beforeAll(async () => {
    t = await startTestSystem();
  });
  afterAll(() => t.stop());

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
    await waitFor(async () => (sample(await metrics(t.system.notifications.healthPort), 'notification_messages_total', { channel: 'email', outcome: 'sent' }) ?? 0) >= 1, 20_000);
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
    await waitFor(async () => (sample(await metrics(t.system.interviews.healthPort), 'bus_consumer_deliveries_total', { durable: 'interviews-projections', outcome: 'handled' }) ?? 0) >= 1);
    const services = await metrics(t.system.interviews.healthPort);
    expect(sample(services, 'outbox_events_relayed_total')).toBeGreaterThanOrEqual(2);
    expect(sample(services, 'outbox_oldest_unpublished_age_seconds')).toBeDefined();
  });
});
