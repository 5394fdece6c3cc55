import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { waitFor } from '@vi/platform-testing';
import { SpanKind, startTracing, type Tracing } from '@vi/platform-tracing';
import { startTestSystem, type TestSystem } from '../support/test-system';

describe('one trace from an API request to the event consumers it causes', () => {
  const exporter = new InMemorySpanExporter();
  let tracing: Tracing;
  let t: TestSystem;

  beforeAll(async () => {
    // As the launcher does once per process, with spans kept in memory instead of sent over OTLP.
    tracing = await startTracing({ serviceName: 'video-interviewing', exporter });
    t = await startTestSystem();
  });
  afterAll(async () => {
    await t?.stop();
    await tracing.shutdown();
  });

  it('POST /v1.0/interviews: the gateway, interviews, identity, the event and notifications’ invitation email in one trace', async () => {
    const company = await t.createCompany();
    const job = await company.api.post('/jobs', { title: 'Tracing Engineer', locality: { work_mode: 'remote', work_place: '' } });
    expect(job.status).toBe(201);
    const candidate = 'taylor.trace@example.com';
    const interview = await company.api.post('/interviews', {
      type: 'one_way',
      scheduled_at: new Date(Date.now() + 3600_000).toISOString().replace(/\.\d{3}Z$/, '+00:00'),
      assigned_to: { name: 'Taylor Trace', email: candidate },
      job_post: { uuid: job.body.uuid },
      questions: [{ text: 'How do you follow a request?', time_limit: 60 }],
    });
    expect(interview.status).toBe(201);

    const spans = () => exporter.getFinishedSpans();
    const request = spans().find((s) => s.kind === SpanKind.SERVER && s.name === 'POST /v1.0/interviews');
    expect(request).toBeDefined();
    const traceId = request!.spanContext().traceId;
    const inTrace = () => spans().filter((s) => s.spanContext().traceId === traceId);
    const child = (parent: ReadableSpan, where: (s: ReadableSpan) => boolean) =>
      inTrace().find((s) => s.parentSpanContext?.spanId === parent.spanContext().spanId && where(s));
    const invitationConsumer = () =>
      inTrace().find(
        (s) =>
          s.kind === SpanKind.CONSUMER &&
          s.attributes['messaging.consumer.group.name'] === 'notifications-messages' &&
          s.name === 'process interviews.interview.created',
      );

    // The invitation email goes out; the spans of the consumer that planned it and of its sending end.
    await waitFor(() => readdirSync(t.env.MAIL_DIR!).some((name) => readFileSync(join(t.env.MAIL_DIR!, name), 'utf8').includes(`To: ${candidate}`)), 30_000);
    await waitFor(() => invitationConsumer() !== undefined && inTrace().some((s) => s.name === 'send interview_invitation'), 10_000);

    // The gateway's request span: the trace's root, named by the route template, with the response's status.
    expect(request!.parentSpanContext).toBeUndefined();
    expect(request!.attributes).toMatchObject({ 'http.request.method': 'POST', 'http.route': '/v1.0/interviews', 'http.response.status_code': 201 });
    // gateway → interviews over gRPC: the gateway's client span, the interviews service's server span under it.
    const createCall = child(request!, (s) => s.kind === SpanKind.CLIENT && s.name === 'interviews.v1.InterviewsService/CreateInterviews');
    expect(createCall).toBeDefined();
    const createServed = child(createCall!, (s) => s.kind === SpanKind.SERVER && s.name === 'interviews.v1.InterviewsService/CreateInterviews');
    expect(createServed?.attributes).toMatchObject({ 'rpc.system': 'grpc', 'rpc.service': 'interviews.v1.InterviewsService', 'rpc.grpc.status_code': 0 });
    // interviews → identity (the job seeker is found or made there), one more hop down.
    const identityCalls = inTrace().filter(
      (s) =>
        s.kind === SpanKind.CLIENT && s.parentSpanContext?.spanId === createServed!.spanContext().spanId && s.name.startsWith('identity.v1.IdentityService/'),
    );
    expect(identityCalls.length).toBeGreaterThan(0);
    for (const call of identityCalls) expect(child(call, (s) => s.kind === SpanKind.SERVER && s.name === call.name)).toBeDefined();
    // The event, recorded in interviews' outbox during the call, published by its relay and handled by notifications.
    const published = child(createServed!, (s) => s.kind === SpanKind.PRODUCER && s.name === 'publish interviews.interview.created');
    expect(published).toBeDefined();
    expect(invitationConsumer()!.parentSpanContext?.spanId).toBe(published!.spanContext().spanId);
    // The email the consumer planned is sent later by notifications' worker, in a span under the consumer's; the
    // candidate links it asks interviews for (every invitation of the pass in one call, decision 051) are one more call in the same trace.
    const sent = child(invitationConsumer()!, (s) => s.name === 'send interview_invitation');
    expect(sent?.attributes).toMatchObject({ 'notification.channel': 'email', 'notification.attempt': 1 });
    expect(child(sent!, (s) => s.kind === SpanKind.CLIENT && s.name === 'interviews.v1.CandidateInterviewsService/IssueCandidateLinks')).toBeDefined();
  });
});
