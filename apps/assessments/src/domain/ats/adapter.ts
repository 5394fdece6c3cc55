import type { AtsName } from '@vi/contracts';
import type { OutboundRequest } from '@vi/platform-http';
import type { CallbackKind, Order } from '../order';

/** A test an ATS may send: an active job with open-interview questions (decision 071). */
export interface Test {
  uuid: string;
  name: string;
  description: string;
}

/** What the ATS is told of an order's interview now: read at the moment of telling, never stored. */
export interface OrderReport {
  /** The interview's own status (requested, accepted, completed, expired, canceled). */
  interviewStatus: string;
  completedAt: string | null;
  questionsAnswered: number;
  questionsTotal: number;
  /** 0–100, or null. */
  score: number | null;
  /** The answers for someone without our account (a basic share link); null before completion. */
  profileUrl: string | null;
  /** The recommendation most submitted evaluations give; null without any. */
  recommendation: string | null;
}

/** What a callback needs besides the order: the time of telling, and the company's key for an ATS called with one. */
export interface CallbackContext {
  now: Date;
  report?: OrderReport;
  /** The company's key for this ATS (Ashby); undefined when none is set. */
  apiKey?: string;
}

/**
 * One ATS's shapes and nothing else (decision 071): its partner answers, how an order's change becomes the request
 * that tells it, and whether sending a test again answers the open order or refuses. A third ATS is a file beside
 * these two and an entry of `ADAPTERS`.
 */
export interface AtsAdapter {
  readonly name: AtsName;
  /** Greenhouse: the open order again (idempotent send_test); Ashby: 409. */
  readonly sentAgain: 'same_order' | 'conflict';
  testsBody(tests: Test[]): unknown;
  sentBody(order: Order): unknown;
  statusBody(order: Order, report: OrderReport): unknown;
  canceledBody(order: Order): unknown;
  /** Whether the ATS hears of this kind of change at all. */
  tells(order: Order, kind: CallbackKind): boolean;
  /** Whether a callback of this kind needs the report (score, profile URL). */
  needsReport(kind: CallbackKind): boolean;
  /** The request; a string says why none can be made (no key set), recorded as the attempt's error. */
  callbackRequest(order: Order, kind: CallbackKind, context: CallbackContext): OutboundRequest | string;
}
