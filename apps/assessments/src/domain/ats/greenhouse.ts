import { toRfc3339 } from '@vi/platform-time';
import type { AtsAdapter, OrderReport } from './adapter';
import type { Order } from '../order';

/** Greenhouse's partner_status: `complete` once completed; before, the interview's own status. */
function partnerStatus(report: OrderReport): string {
  return report.interviewStatus === 'completed' ? 'complete' : report.interviewStatus;
}

/**
 * Greenhouse Assessment Partner API (their published contract): tests as `{partner_test_id, partner_test_name}`, an
 * order as `{partner_interview_id}`, the status with a score and a profile URL, and on completion `PATCH <url>` with
 * no body (Greenhouse then asks `test_status`).
 */
export const greenhouse: AtsAdapter = {
  name: 'greenhouse',
  sentAgain: 'same_order',
  testsBody: (tests) => tests.map((test) => ({ partner_test_id: test.uuid, partner_test_name: test.name })),
  sentBody: (order) => ({ partner_interview_id: order.interviewUuid }),
  statusBody: (_order, report) => ({
    partner_status: partnerStatus(report),
    partner_profile_url: report.profileUrl,
    partner_score: report.score,
    metadata: {
      'Completed At': report.completedAt === null ? null : toRfc3339(report.completedAt),
      'Questions answered': report.questionsAnswered,
      Questions: report.questionsTotal,
      Recommendation: report.recommendation,
    },
  }),
  canceledBody: () => ({}),
  tells: (order: Order, kind) => kind === 'completed' && order.callbackUrl !== null,
  needsReport: () => false,
  callbackRequest: (order) => (order.callbackUrl === null ? 'the order has no callback URL' : { method: 'PATCH', url: order.callbackUrl, headers: {} }),
};
