import { toRfc3339 } from '@vi/platform-time';
import type { AtsAdapter } from './adapter';
import type { CallbackKind } from '../order';

const STATUS: Record<CallbackKind, 'Started' | 'Completed' | 'Cancelled' | 'Expired'> = {
  started: 'Started',
  completed: 'Completed',
  scored: 'Completed',
  canceled: 'Cancelled',
  expired: 'Expired',
};

/**
 * Ashby's assessment partner API (their published contract): `{success, results}` answers, 409 for a candidate
 * already being assessed, and every change told with `POST <ASHBY_API_URL>/assessment.update`, Basic auth by the
 * company's Ashby key; a completed one carries the score and the answers' URL.
 */
export function ashby(apiUrl: string): AtsAdapter {
  const base = apiUrl.replace(/\/$/, '');
  return {
    name: 'ashby',
    sentAgain: 'conflict',
    testsBody: (tests) => ({
      success: true,
      results: tests.map((test) => ({ assessment_type_id: test.uuid, name: test.name, description: test.description })),
    }),
    sentBody: (order) => ({ success: true, results: { assessment_id: order.interviewUuid } }),
    statusBody: (order, report) => ({
      success: true,
      results: { assessment_id: order.interviewUuid, status: report.interviewStatus, score: report.score, profile_url: report.profileUrl },
    }),
    canceledBody: () => ({ success: true }),
    tells: () => true,
    needsReport: (kind) => kind === 'completed' || kind === 'scored',
    callbackRequest: (order, kind, { now, report, apiKey }) => {
      if (apiKey === undefined) return 'no Ashby API key is set (PUT /integrations/ashby)';
      const completed = report && (kind === 'completed' || kind === 'scored');
      const body = {
        assessment_id: order.interviewUuid,
        timestamp: toRfc3339(now),
        assessment_status: STATUS[kind],
        ...(completed && report.profileUrl !== null ? { assessment_profile_url: report.profileUrl } : {}),
        ...(completed
          ? {
              assessment_result: [
                ...(report.score === null ? [] : [{ identifier: 'score', label: 'Score', type: 'numeric_score', value: report.score }]),
                ...(report.profileUrl === null ? [] : [{ identifier: 'answers', label: 'Answers', type: 'url', value: report.profileUrl }]),
              ],
            }
          : {}),
        ...(kind === 'canceled' ? { cancelled_reason: 'The interview was canceled' } : {}),
      };
      return {
        method: 'POST',
        url: `${base}/assessment.update`,
        headers: { 'content-type': 'application/json', authorization: `Basic ${Buffer.from(`${apiKey}:`).toString('base64')}` },
        body: JSON.stringify(body),
      };
    },
  };
}
