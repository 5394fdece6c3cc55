import type { AssessmentOrderStatus, AtsName } from '@vi/contracts';
import type { Callback, CallbackAttempt } from '../domain/callback';
import type { Order } from '../domain/order';

/**
 * The assessments service's store as its use cases see it (decision 033): the repositories' interfaces, owned here;
 * the SQL repositories of `infrastructure/` implement them, and `test/fakes.ts` in memory. It publishes no events.
 */
export interface AssessmentsRepositories {
  readonly orders: OrderRepository;
  readonly callbacks: CallbackRepository;
  readonly connections: ConnectionRepository;
  readonly processedEvents: ProcessedEventRepository;
}

export interface AssessmentsStore {
  readonly read: AssessmentsRepositories;
  transaction<T>(work: (tx: AssessmentsRepositories) => Promise<T>): Promise<T>;
}

export interface OrderFilter {
  ats: AtsName[];
  statuses: AssessmentOrderStatus[];
  offset: number;
  limit: number;
}

/** Orders, by uuid (the interview's), with at most one open per ATS, company, test and candidate email. */
export interface OrderRepository {
  /**
   * Makes the order unless one of that ATS, company, test and email is open (`on conflict do nothing` on the partial
   * unique index: two at once make one); answers the open one then, with `created: false`.
   */
  insertIfNoneOpen(order: Order): Promise<{ order: Order; created: boolean }>;
  findOpen(companyUuid: string, ats: AtsName, testUuid: string, email: string): Promise<Order | undefined>;
  /** The company's order; undefined for another company's. */
  find(companyUuid: string, uuid: string): Promise<Order | undefined>;
  /** The order of an interview, locked when asked (an event changing it). */
  findByInterview(interviewUuid: string, options?: { lock?: boolean }): Promise<Order | undefined>;
  /** Any company's, by uuid (the callback loop). */
  get(uuid: string): Promise<Order | undefined>;
  setStatus(uuid: string, status: AssessmentOrderStatus, at: Date): Promise<void>;
  /** An order whose interview could not be made: as if never asked. */
  delete(uuid: string): Promise<void>;
  /** Newest first. */
  list(companyUuid: string, filter: OrderFilter): Promise<{ orders: Order[]; total: number }>;
  /** When the company's first order of that ATS was made (Greenhouse is "connected" once it sent a test). */
  firstAt(companyUuid: string, ats: AtsName): Promise<Date | null>;
}

export interface ClaimOptions {
  now: Date;
  leaseUntil: Date;
  batchSize: number;
}

/** Callbacks to ATSs and their attempts. */
export interface CallbackRepository {
  insert(callback: Callback): Promise<void>;
  /** Due callbacks nobody holds (`for update skip locked`), leased until `leaseUntil`: replicas and a restart share them. */
  claimDue(options: ClaimOptions): Promise<Callback[]>;
  /** After an attempt: its count and answer, and delivered, given up, or due again at `dueAt`; the lease released. */
  recordAttempt(
    callbackUuid: string,
    update: { attempts: number; statusCode: number | null; error: string | null; deliveredAt?: Date; givenUpAt?: Date; dueAt?: Date },
    attempt: CallbackAttempt,
  ): Promise<void>;
  /** Each order's attempts, oldest first. */
  attemptsOf(orderUuids: string[]): Promise<Map<string, CallbackAttempt[]>>;
  /** The company's latest attempt to tell that ATS. */
  lastAttempt(companyUuid: string, ats: AtsName): Promise<CallbackAttempt | undefined>;
}

export interface Connection {
  companyUuid: string;
  ats: AtsName;
  apiKeyCiphertext: string;
  connectedAt: Date;
}

/** A company's keys for ATSs it calls with one (Ashby), sealed. */
export interface ConnectionRepository {
  /** Sets or replaces the key (the time it was first set is kept). */
  save(connection: Connection): Promise<Connection>;
  find(companyUuid: string, ats: AtsName): Promise<Connection | undefined>;
  /** True when there was one. */
  delete(companyUuid: string, ats: AtsName): Promise<boolean>;
}

/** The ledger of consumed events (handlers are idempotent on the event id). */
export interface ProcessedEventRepository {
  /** Records a consumed event; false when it was handled before (redelivery). */
  markProcessed(eventId: string): Promise<boolean>;
}
