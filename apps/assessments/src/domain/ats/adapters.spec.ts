import { anOrder } from '../../../test/factories';
import type { OrderReport } from './adapter';
import { atsAdapters } from './adapters';

const { greenhouse, ashby } = atsAdapters({ ashbyApiUrl: 'http://127.0.0.1:9/ashby/' });
const now = new Date('2026-03-02T09:30:00Z');
const report: OrderReport = {
  interviewStatus: 'completed',
  completedAt: '2026-03-02T09:00:00Z',
  questionsAnswered: 2,
  questionsTotal: 3,
  score: 80,
  profileUrl: 'http://localhost:8080/share/abc',
  recommendation: 'yes',
};

describe('the Greenhouse adapter', () => {
  it('answers in Greenhouse’s shapes: tests, the sent test, the status with score, profile URL and flat metadata', () => {
    const order = anOrder();
    expect(greenhouse.testsBody([{ uuid: 'j1', name: 'Engineer', description: 'd' }])).toEqual([{ partner_test_id: 'j1', partner_test_name: 'Engineer' }]);
    expect(greenhouse.sentBody(order)).toEqual({ partner_interview_id: order.interviewUuid });
    expect(greenhouse.statusBody(order, report)).toEqual({
      partner_status: 'complete',
      partner_profile_url: 'http://localhost:8080/share/abc',
      partner_score: 80,
      metadata: { 'Completed At': '2026-03-02T09:00:00+00:00', 'Questions answered': 2, Questions: 3, Recommendation: 'yes' },
    });
    expect(greenhouse.statusBody(order, { ...report, interviewStatus: 'accepted', completedAt: null, profileUrl: null, score: null })).toMatchObject({
      partner_status: 'accepted',
      partner_profile_url: null,
      partner_score: null,
      metadata: { 'Completed At': null },
    });
  });

  it('is told of a completion only, with PATCH <url> and no body; sending again answers the open order', () => {
    const order = anOrder({ status: 'completed' });
    expect(greenhouse.sentAgain).toBe('same_order');
    expect(['started', 'completed', 'expired', 'canceled', 'scored'].filter((kind) => greenhouse.tells(order, kind as never))).toEqual(['completed']);
    expect(greenhouse.callbackRequest(order, 'completed', { now })).toEqual({ method: 'PATCH', url: order.callbackUrl, headers: {} });
  });
});

describe('the Ashby adapter', () => {
  it('answers {success, results} and refuses a candidate already assessed', () => {
    const order = anOrder({ ats: 'ashby' });
    expect(ashby.testsBody([{ uuid: 'j1', name: 'Engineer', description: 'd' }])).toEqual({
      success: true,
      results: [{ assessment_type_id: 'j1', name: 'Engineer', description: 'd' }],
    });
    expect(ashby.sentBody(order)).toEqual({ success: true, results: { assessment_id: order.interviewUuid } });
    expect(ashby.canceledBody(order)).toEqual({ success: true });
    expect(ashby.sentAgain).toBe('conflict');
  });

  it('tells every change with POST <ASHBY_API_URL>/assessment.update, Basic auth by the company’s key, a completion with its score and URL', () => {
    const order = anOrder({ ats: 'ashby', callbackUrl: null });
    const request = ashby.callbackRequest(order, 'completed', { now, report, apiKey: 'ashby-key' });
    expect(request).toMatchObject({
      method: 'POST',
      url: 'http://127.0.0.1:9/ashby/assessment.update',
      headers: { 'content-type': 'application/json', authorization: `Basic ${Buffer.from('ashby-key:').toString('base64')}` },
    });
    expect(JSON.parse((request as { body: string }).body)).toEqual({
      assessment_id: order.interviewUuid,
      timestamp: '2026-03-02T09:30:00+00:00',
      assessment_status: 'Completed',
      assessment_profile_url: 'http://localhost:8080/share/abc',
      assessment_result: [
        { identifier: 'score', label: 'Score', type: 'numeric_score', value: 80 },
        { identifier: 'answers', label: 'Answers', type: 'url', value: 'http://localhost:8080/share/abc' },
      ],
    });
    const canceled = JSON.parse((ashby.callbackRequest(order, 'canceled', { now, apiKey: 'k' }) as { body: string }).body);
    expect(canceled).toMatchObject({ assessment_status: 'Cancelled', cancelled_reason: expect.any(String) });
    expect(canceled.assessment_result).toBeUndefined();
    expect(ashby.needsReport('started')).toBe(false);
  });

  it('makes no request without the company’s key, and says why', () => {
    expect(ashby.callbackRequest(anOrder({ ats: 'ashby' }), 'started', { now })).toMatch(/no Ashby API key/);
  });
});
