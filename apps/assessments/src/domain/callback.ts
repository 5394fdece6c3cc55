import { nextRetryDelay, type OutboundResult, type RetryPolicy } from '@vi/platform-http';
import type { AtsName } from '@vi/contracts';
import type { CallbackKind } from './order';

/**
 * A callback: telling an order's ATS of a change, a row written in the same transaction as the change (an outbox of
 * our own, decision 071), claimed by one process at a time and retried on the webhooks' schedule.
 */
export interface Callback {
  uuid: string;
  orderUuid: string;
  companyUuid: string;
  kind: CallbackKind;
  dueAt: Date;
  attempts: number;
  lastStatusCode: number | null;
  lastError: string | null;
  deliveredAt: Date | null;
  givenUpAt: Date | null;
  createdAt: Date;
}

/** One attempt, as the company sees it. */
export interface CallbackAttempt {
  uuid: string;
  callbackUuid: string;
  orderUuid: string;
  companyUuid: string;
  ats: AtsName;
  attemptedAt: Date;
  statusCode: number | null;
  error: string | null;
}

/** What to do after an attempt: done, try again at, or give up. */
export type CallbackOutcome = { kind: 'delivered' } | { kind: 'retry'; at: Date } | { kind: 'given_up' };

/**
 * A 2xx delivers; a network error, 429 or 5xx is retried on the schedule (the receiver's `Retry-After` honoured),
 * until it is used up; any other answer ends it (the ATS refused what we sent: sending it again changes nothing).
 */
export function outcomeOf(result: OutboundResult, attemptsMade: number, policy: RetryPolicy, now: Date, random?: () => number): CallbackOutcome {
  if (result.ok) return { kind: 'delivered' };
  const code = result.statusCode;
  const retryable = code === undefined || code === 429 || code >= 500;
  if (!retryable) return { kind: 'given_up' };
  const delay = nextRetryDelay(policy, attemptsMade, result.retryAfterMs, random);
  return delay === null ? { kind: 'given_up' } : { kind: 'retry', at: new Date(now.getTime() + delay) };
}
