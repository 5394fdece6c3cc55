import type { AssessmentOrderJson, AtsIntegrationJson, assessments } from '@vi/contracts';
import { toRfc3339, toRfc3339OrNull } from '@vi/platform-time';
import type { CallbackAttempt } from '../domain/callback';
import type { Order } from '../domain/order';

/**
 * The company's bodies of decision 071, in the shapes of `libs/contracts/src/views/assessment.view.ts`; the ATSs'
 * bodies are their adapters'. The service renders them (decision 065).
 */

/** A body as the gRPC answer carries it: JSON bytes, sent by the gateway as they came. */
export const body = (json: unknown): assessments.Body => ({ json: Buffer.from(JSON.stringify(json)) });

export function attemptJson(attempt: CallbackAttempt): AssessmentOrderJson['callbacks'][number] {
  return { at: toRfc3339(attempt.attemptedAt), status_code: attempt.statusCode, error: attempt.error };
}

export function orderJson(order: Order, attempts: CallbackAttempt[]): AssessmentOrderJson {
  return {
    uuid: order.uuid,
    ats: order.ats,
    external_id: order.externalId,
    interview_uuid: order.interviewUuid,
    status: order.status,
    created_at: toRfc3339(order.createdAt),
    callbacks: attempts.map(attemptJson),
  };
}

export function integrationJson(ats: AtsIntegrationJson['ats'], connectedAt: Date | null, last: CallbackAttempt | undefined): AtsIntegrationJson {
  return { ats, connected: connectedAt !== null, connected_at: toRfc3339OrNull(connectedAt), last_callback: last ? attemptJson(last) : null };
}
