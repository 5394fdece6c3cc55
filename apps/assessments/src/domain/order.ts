import type { AssessmentOrderStatus, AtsName } from '@vi/contracts';

/** The candidate an ATS sent a test to, as the order keeps them. */
export interface OrderCandidate {
  name: string;
  email: string;
  phone: string | null;
}

/**
 * One test an ATS sent (decision 071): its uuid is its interview's, chosen before the interview is made, so an order
 * asked again makes one interview. `createdBy`: the integration key's user, whom the service acts as when no request
 * is in hand.
 */
export interface Order {
  uuid: string;
  companyUuid: string;
  createdBy: string;
  ats: AtsName;
  testUuid: string;
  candidate: OrderCandidate;
  language: string;
  externalId: string | null;
  atsFields: Record<string, string>;
  callbackUrl: string | null;
  interviewUuid: string;
  status: AssessmentOrderStatus;
  createdAt: Date;
  updatedAt: Date;
}

/** An order the ATS may still hear of: one per ATS, company, test and candidate email (a partial unique index). */
export const OPEN_ORDER_STATUSES: readonly AssessmentOrderStatus[] = ['sent', 'started'];

export const isOpen = (status: AssessmentOrderStatus): boolean => OPEN_ORDER_STATUSES.includes(status);

/** What happened to an order's interview (its events), and score changes of a completed one. */
export type InterviewChange = 'accepted' | 'completed' | 'expired' | 'canceled' | 'deleted' | 'scored';

/** What the ATS is told of: the order's new state, or a completed order's new score. */
export type CallbackKind = 'started' | 'completed' | 'expired' | 'canceled' | 'scored';

/**
 * The order's state after a change of its interview, and what to tell the ATS; undefined when nothing changes (an
 * event repeated, or one that comes after the order ended: a completed order is not canceled by a later delete).
 */
export function orderAfter(status: AssessmentOrderStatus, change: InterviewChange): { status: AssessmentOrderStatus; tell: CallbackKind } | undefined {
  switch (change) {
    case 'accepted':
      return status === 'sent' ? { status: 'started', tell: 'started' } : undefined;
    case 'completed':
      return isOpen(status) ? { status: 'completed', tell: 'completed' } : undefined;
    case 'expired':
      return isOpen(status) ? { status: 'expired', tell: 'expired' } : undefined;
    case 'canceled':
    case 'deleted':
      return isOpen(status) ? { status: 'canceled', tell: 'canceled' } : undefined;
    case 'scored':
      return status === 'completed' ? { status, tell: 'scored' } : undefined;
  }
}

/** What "Send again" tells: the order's current state. */
export function callbackKindOf(status: AssessmentOrderStatus): CallbackKind {
  switch (status) {
    case 'sent':
    case 'started':
      return 'started';
    case 'completed':
      return 'completed';
    case 'expired':
      return 'expired';
    case 'canceled':
      return 'canceled';
  }
}

/** The order's status as its interview's status reads (`requested` → sent, `accepted` → started). */
export function orderStatusOfInterview(interviewStatus: string): AssessmentOrderStatus {
  switch (interviewStatus) {
    case 'accepted':
      return 'started';
    case 'completed':
    case 'expired':
    case 'canceled':
      return interviewStatus;
    default:
      return 'sent';
  }
}

/** The score an ATS is given, 0–100: the evaluations' overall average (1–5) × 20, else the rating × 20, else null. */
export function scoreOf(overallAverage: number | null | undefined, rating: number | null | undefined): number | null {
  const base = overallAverage ?? rating;
  if (base === null || base === undefined) return null;
  return Math.max(0, Math.min(100, Math.round(base * 20)));
}
