import { randomUUID } from 'node:crypto';
import { TranscriptReadyView } from '@vi/contracts';
import { signWebhook } from './signature';
import { checkWebhookInput, notificationOf, webhookRequest } from './webhook';

const strict = { allowPrivateTargets: false };

describe('webhook rules', () => {
  it('accepts http(s) URLs with public or named hosts, and basic auth as username:password', () => {
    expect(() => checkWebhookInput({ description: 'd', url: 'https://hooks.example/x', httpAuth: 'user:p:w' }, strict)).not.toThrow();
    expect(() => checkWebhookInput({ description: '', url: 'http://93.184.216.34:8080/' }, strict)).not.toThrow();
    expect(() => checkWebhookInput({ description: '', url: 'http://127.0.0.1/' }, { allowPrivateTargets: true })).not.toThrow();
  });

  it('names every bad field', () => {
    let error: any;
    try {
      checkWebhookInput({ description: 'x'.repeat(501), url: 'ftp://u:p@files.example/', httpAuth: 'nocolon' }, strict);
    } catch (e) {
      error = e;
    }
    expect(error.code).toBe('api.validation_failed');
    expect(error.fieldErrors.map((f: any) => f.field)).toEqual(['url', 'url', 'description', 'http_auth']);
  });

  it('refuses literal non-public addresses unless allowed', () => {
    for (const url of ['http://127.0.0.1/', 'http://[::1]/', 'http://169.254.169.254/', 'http://[::ffff:10.0.0.1]/']) {
      expect(() => checkWebhookInput({ description: '', url }, strict)).toThrow(expect.objectContaining({ code: 'api.webhook_url_not_allowed' }));
    }
  });
});

describe('notifications of events', () => {
  const interview = { uuid: 'i1', company: { uuid: 'c1', name: 'C', avatar: '' }, status: 'requested' };

  it('sends the interview for interview events and the rating for InterviewRated', () => {
    expect(notificationOf('InterviewCreated', { interview, invitation: { candidate_url: 'secret-link' } })).toEqual({
      eventType: 'InterviewCreated',
      payloadType: 'Interview',
      companyUuid: 'c1',
      resourceUuid: 'i1',
      body: JSON.stringify(interview),
    });
    const rating = { interview_uuid: 'i1', rating: 4, rated_by: null, rated_at: 't' };
    expect(notificationOf('InterviewRated', { interview, rating })).toMatchObject({ payloadType: 'Rating', resourceUuid: 'i1', body: JSON.stringify(rating) });
  });

  it("sends the evaluation and its interview for EvaluationSubmitted, of the payload's company (decision 070)", () => {
    const evaluation = {
      uuid: 'e1',
      evaluator: { uuid: 'u1', name: 'Una', type: 'user' },
      status: 'submitted',
      recommendation: 'yes',
      overall_rating: 4,
      ratings: [{ criterion_uuid: 'k1', rating: 5 }],
      note: 'Clear answers',
      submitted_at: '2026-12-07T10:00:00Z',
      updated_at: '2026-12-07T10:00:00Z',
    };
    const event = { interview_uuid: 'i1', company_uuid: 'c1', counts: { evaluations_submitted: 1, evaluations_started: 2 }, evaluation };
    expect(notificationOf('EvaluationSubmitted', event)).toEqual({
      eventType: 'EvaluationSubmitted',
      payloadType: 'SubmittedEvaluation',
      companyUuid: 'c1',
      resourceUuid: 'i1',
      body: JSON.stringify({ ...evaluation, interview_uuid: 'i1' }),
    });
    expect(notificationOf('EvaluationSubmitted', { ...event, company_uuid: '' })).toBeUndefined();
  });

  it("sends the decision and its interview for InterviewDecided, never the candidate's notice", () => {
    const decision = { decision: 'reject', decided_by: { uuid: 'u1', name: 'Una' }, decided_at: '2026-12-07T10:00:00Z' };
    const notice = { name: 'Lucía', email: 'lucia@example.com', language: 'es', company_name: 'Acme', job_title: 'Dev', message: 'Gracias' };
    const event = {
      interview_uuid: 'i1',
      company_uuid: 'c1',
      counts: { evaluations_submitted: 1, evaluations_started: 1 },
      decision,
      notify_candidate: notice,
    };
    const sut = notificationOf('InterviewDecided', event)!;
    expect(sut).toEqual({
      eventType: 'InterviewDecided',
      payloadType: 'InterviewDecision',
      companyUuid: 'c1',
      resourceUuid: 'i1',
      body: JSON.stringify({ ...decision, interview_uuid: 'i1' }),
    });
    expect(sut.body).not.toMatch(/lucia|Gracias|notify/);
  });

  it('sends which transcript is ready for TranscriptReady, never its text, company or time (decision 073)', () => {
    const [interview, recording, company] = [randomUUID(), randomUUID(), randomUUID()];
    const event = {
      interview_uuid: interview,
      take_uuid: null,
      recording_uuid: recording,
      language: 'fr',
      status: 'done',
      company_uuid: company,
      text: 'Nous avons déployé Kubernetes',
      occurred_at: '2026-12-07T10:00:00+00:00',
    };
    const sut = notificationOf('TranscriptReady', event)!;
    expect(sut).toEqual({
      eventType: 'TranscriptReady',
      payloadType: 'TranscriptReady',
      companyUuid: company,
      resourceUuid: interview,
      body: JSON.stringify({ interview_uuid: interview, take_uuid: null, recording_uuid: recording, language: 'fr', status: 'done' }),
    });
    expect(sut.body).not.toMatch(new RegExp(`Kubernetes|${company}|occurred_at|2026-12`));
    expect(TranscriptReadyView.parse(JSON.parse(sut.body))).toEqual(JSON.parse(sut.body));
    expect(notificationOf('TranscriptReady', { ...event, company_uuid: '' })).toBeUndefined();
  });

  it('sends the job for job events; an event without a company concerns no webhook', () => {
    const job = { uuid: 'j1', title: 'T', company: { uuid: 'c2' } };
    expect(notificationOf('JobDeleted', job)).toMatchObject({ payloadType: 'Job', companyUuid: 'c2', resourceUuid: 'j1', body: JSON.stringify(job) });
    expect(notificationOf('JobCreated', { ...job, company: null })).toBeUndefined();
  });

  it('builds the request: X-Service headers, basic auth, and a signature over id, timestamp and body', () => {
    const now = new Date('2026-03-01T12:00:00.750Z');
    const sut = webhookRequest(
      { webhookId: 'd1', eventType: 'JobCreated', payloadType: 'Job', body: '{"a":1}' },
      { uuid: 'w1', userUuid: 'u1', url: 'https://r.example/', secret: 'whsec_' + Buffer.alloc(24, 1).toString('base64'), httpAuth: 'me:pw' },
      now,
    );
    expect(sut).toEqual({
      url: 'https://r.example/',
      body: '{"a":1}',
      headers: {
        'content-type': 'application/json',
        'user-agent': expect.any(String),
        'x-service-event': 'JobCreated',
        'x-service-payload': 'Job',
        'x-service-user-uuid': 'u1',
        'x-service-webhook-uuid': 'w1',
        'webhook-id': 'd1',
        'webhook-timestamp': '1772366400',
        'webhook-signature': signWebhook('whsec_' + Buffer.alloc(24, 1).toString('base64'), 'd1', 1772366400, '{"a":1}'),
        authorization: `Basic ${Buffer.from('me:pw').toString('base64')}`,
      },
    });
  });
});
