import type { AssessmentOrderStatus, AtsName, interviews, jobs } from '@vi/contracts';
import { AppError, ErrorKind } from '@vi/platform-errors';
import type { OutboundRequest, OutboundResult } from '@vi/platform-http';
import type { Caller } from '@vi/platform-grpc';
import { memoryStore, type Stateful } from '@vi/platform-testing';
import type { EvaluationsPort, InterviewsPort, JobsDirectory, NewInterview, SecretSealer, SharingPort } from '../src/application/ports';
import type {
  CallbackRepository,
  ClaimOptions,
  Connection,
  ConnectionRepository,
  OrderFilter,
  OrderRepository,
  ProcessedEventRepository,
} from '../src/application/store';
import type { Callback, CallbackAttempt } from '../src/domain/callback';
import { isOpen, type Order } from '../src/domain/order';

/**
 * The assessments service's repositories in memory, for use-case specs in a `memoryStore` (@vi/platform-testing,
 * decision 028); `test/repositories.contract.integration.spec.ts` runs them and the SQL ones against one contract.
 */
export class InMemoryOrders implements OrderRepository, Stateful<{ rows: Order[] }> {
  state = { rows: [] as Order[] };

  private sameOpen(a: Order, b: Pick<Order, 'ats' | 'companyUuid' | 'testUuid'> & { email: string }): boolean {
    return (
      isOpen(a.status) &&
      a.ats === b.ats &&
      a.companyUuid === b.companyUuid &&
      a.testUuid === b.testUuid &&
      a.candidate.email.toLowerCase() === b.email.toLowerCase()
    );
  }

  async insertIfNoneOpen(order: Order): Promise<{ order: Order; created: boolean }> {
    const open = this.state.rows.find((o) => isOpen(order.status) && this.sameOpen(o, { ...order, email: order.candidate.email }));
    if (open) return { order: structuredClone(open), created: false };
    this.state.rows.push(structuredClone(order));
    return { order: structuredClone(order), created: true };
  }

  async findOpen(companyUuid: string, ats: AtsName, testUuid: string, email: string): Promise<Order | undefined> {
    const found = this.state.rows.find((o) => this.sameOpen(o, { companyUuid, ats, testUuid, email }));
    return found && structuredClone(found);
  }

  async find(companyUuid: string, uuid: string): Promise<Order | undefined> {
    const found = this.state.rows.find((o) => o.uuid === uuid && o.companyUuid === companyUuid);
    return found && structuredClone(found);
  }

  async findByInterview(interviewUuid: string): Promise<Order | undefined> {
    const found = this.state.rows.find((o) => o.interviewUuid === interviewUuid);
    return found && structuredClone(found);
  }

  async get(uuid: string): Promise<Order | undefined> {
    const found = this.state.rows.find((o) => o.uuid === uuid);
    return found && structuredClone(found);
  }

  async setStatus(uuid: string, status: AssessmentOrderStatus, at: Date): Promise<void> {
    const found = this.state.rows.find((o) => o.uuid === uuid);
    if (found) Object.assign(found, { status, updatedAt: at });
  }

  async delete(uuid: string): Promise<void> {
    this.state.rows = this.state.rows.filter((o) => o.uuid !== uuid);
  }

  async list(companyUuid: string, filter: OrderFilter): Promise<{ orders: Order[]; total: number }> {
    const matching = this.state.rows
      .filter((o) => o.companyUuid === companyUuid)
      .filter((o) => filter.ats.length === 0 || filter.ats.includes(o.ats))
      .filter((o) => filter.statuses.length === 0 || filter.statuses.includes(o.status))
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.uuid < b.uuid ? 1 : -1));
    return { orders: matching.slice(filter.offset, filter.offset + filter.limit).map((o) => structuredClone(o)), total: matching.length };
  }

  async firstAt(companyUuid: string, ats: AtsName): Promise<Date | null> {
    const times = this.state.rows.filter((o) => o.companyUuid === companyUuid && o.ats === ats).map((o) => o.createdAt.getTime());
    return times.length === 0 ? null : new Date(Math.min(...times));
  }
}

export class InMemoryCallbacks implements CallbackRepository, Stateful<{ rows: Array<Callback & { lockedUntil: Date | null }>; attempts: CallbackAttempt[] }> {
  state = { rows: [] as Array<Callback & { lockedUntil: Date | null }>, attempts: [] as CallbackAttempt[] };

  async insert(callback: Callback): Promise<void> {
    this.state.rows.push({ ...structuredClone(callback), lockedUntil: null });
  }

  async claimDue({ now, leaseUntil, batchSize }: ClaimOptions): Promise<Callback[]> {
    const due = this.state.rows
      .filter((c) => !c.deliveredAt && !c.givenUpAt && c.dueAt <= now && (!c.lockedUntil || c.lockedUntil < now))
      .sort((a, b) => a.dueAt.getTime() - b.dueAt.getTime() || a.createdAt.getTime() - b.createdAt.getTime())
      .slice(0, batchSize);
    for (const c of due) c.lockedUntil = leaseUntil;
    return due.map(({ lockedUntil: _, ...c }) => structuredClone(c));
  }

  async recordAttempt(
    callbackUuid: string,
    update: { attempts: number; statusCode: number | null; error: string | null; deliveredAt?: Date; givenUpAt?: Date; dueAt?: Date },
    attempt: CallbackAttempt,
  ): Promise<void> {
    this.state.attempts.push(structuredClone(attempt));
    const row = this.state.rows.find((c) => c.uuid === callbackUuid);
    if (!row) return;
    Object.assign(row, {
      attempts: update.attempts,
      lastStatusCode: update.statusCode,
      lastError: update.error,
      lockedUntil: null,
      ...(update.deliveredAt ? { deliveredAt: update.deliveredAt } : {}),
      ...(update.givenUpAt ? { givenUpAt: update.givenUpAt } : {}),
      ...(update.dueAt ? { dueAt: update.dueAt } : {}),
    });
  }

  async attemptsOf(orderUuids: string[]): Promise<Map<string, CallbackAttempt[]>> {
    const byOrder = new Map<string, CallbackAttempt[]>();
    const sorted = [...this.state.attempts].sort((a, b) => a.attemptedAt.getTime() - b.attemptedAt.getTime() || (a.uuid < b.uuid ? -1 : 1));
    for (const a of sorted) if (orderUuids.includes(a.orderUuid)) byOrder.set(a.orderUuid, [...(byOrder.get(a.orderUuid) ?? []), structuredClone(a)]);
    return byOrder;
  }

  async lastAttempt(companyUuid: string, ats: AtsName): Promise<CallbackAttempt | undefined> {
    const mine = this.state.attempts
      .filter((a) => a.companyUuid === companyUuid && a.ats === ats)
      .sort((a, b) => b.attemptedAt.getTime() - a.attemptedAt.getTime() || (a.uuid < b.uuid ? 1 : -1));
    return mine[0] && structuredClone(mine[0]);
  }

  /** The callbacks as stored (specs read them). */
  all(): Callback[] {
    return this.state.rows.map(({ lockedUntil: _, ...c }) => structuredClone(c));
  }
}

export class InMemoryConnections implements ConnectionRepository, Stateful<{ rows: Connection[] }> {
  state = { rows: [] as Connection[] };

  async save(connection: Connection): Promise<Connection> {
    const existing = this.state.rows.find((c) => c.companyUuid === connection.companyUuid && c.ats === connection.ats);
    if (existing) {
      existing.apiKeyCiphertext = connection.apiKeyCiphertext;
      return structuredClone(existing);
    }
    this.state.rows.push(structuredClone(connection));
    return structuredClone(connection);
  }

  async find(companyUuid: string, ats: AtsName): Promise<Connection | undefined> {
    const found = this.state.rows.find((c) => c.companyUuid === companyUuid && c.ats === ats);
    return found && structuredClone(found);
  }

  async delete(companyUuid: string, ats: AtsName): Promise<boolean> {
    const before = this.state.rows.length;
    this.state.rows = this.state.rows.filter((c) => !(c.companyUuid === companyUuid && c.ats === ats));
    return this.state.rows.length < before;
  }
}

export class InMemoryProcessedEvents implements ProcessedEventRepository, Stateful<{ ids: string[] }> {
  state = { ids: [] as string[] };

  async markProcessed(eventId: string): Promise<boolean> {
    if (this.state.ids.includes(eventId)) return false;
    this.state.ids.push(eventId);
    return true;
  }
}

export function inMemoryRepositories() {
  return {
    orders: new InMemoryOrders(),
    callbacks: new InMemoryCallbacks(),
    connections: new InMemoryConnections(),
    processedEvents: new InMemoryProcessedEvents(),
  };
}

export const inMemoryStore = () => memoryStore(inMemoryRepositories());

const notFound = (what: string) => new AppError(ErrorKind.NotFound, `api.${what}_not_found`, `${what} not found`);

/** Jobs of the companies, by company uuid. */
export class FakeJobs implements JobsDirectory {
  readonly jobs = new Map<string, jobs.Job[]>();

  add(companyUuid: string, job: jobs.Job): jobs.Job {
    this.jobs.set(companyUuid, [...(this.jobs.get(companyUuid) ?? []), job]);
    return job;
  }

  async activeJobsWithOpenInterview(caller: Caller) {
    const mine = this.jobs.get(caller.principal.companyUuid ?? '') ?? [];
    return mine.filter((j) => j.status === 'active' && j.open_interview).map((j) => ({ uuid: j.uuid, title: j.title }));
  }

  async job(caller: Caller, jobUuid: string): Promise<jobs.Job> {
    const found = (this.jobs.get(caller.principal.companyUuid ?? '') ?? []).find((j) => j.uuid === jobUuid);
    if (!found) throw notFound('job');
    return found;
  }
}

export class FakeInterviews implements InterviewsPort {
  readonly created: Array<{ caller: Caller; interview: NewInterview }> = [];
  readonly canceled: string[] = [];
  readonly interviews = new Map<string, interviews.Interview>();
  failCreate?: AppError;

  async create(caller: Caller, interview: NewInterview): Promise<void> {
    if (this.failCreate) throw this.failCreate;
    this.created.push({ caller, interview });
  }

  async cancel(_caller: Caller, interviewUuid: string): Promise<void> {
    this.canceled.push(interviewUuid);
  }

  async interview(_companyUuid: string, interviewUuid: string): Promise<interviews.Interview | undefined> {
    return this.interviews.get(interviewUuid);
  }
}

export class FakeEvaluations implements EvaluationsPort {
  readonly summaries = new Map<string, { overallAverage: number | null; recommendations: Record<string, number> }>();

  async summary(_companyUuid: string, interviewUuid: string) {
    return this.summaries.get(interviewUuid) ?? { overallAverage: null, recommendations: {} };
  }
}

export class FakeSharing implements SharingPort {
  async profileUrl(_companyUuid: string, interviewUuid: string): Promise<string | null> {
    return `http://localhost:8080/share/${interviewUuid}`;
  }
}

/** Seals by wrapping: a spec sees what was stored is not the key. */
export const fakeSealer: SecretSealer = {
  seal: (p) => `sealed:${Buffer.from(p).toString('base64')}`,
  open: (s) => Buffer.from(s.slice(7), 'base64').toString(),
};

/** Answers each request with the next result given (the last one repeated), recording what it was sent. */
export class FakeSender {
  readonly sent: OutboundRequest[] = [];

  constructor(private readonly results: Array<Omit<OutboundResult, 'durationMs'>>) {}

  async send(request: OutboundRequest): Promise<OutboundResult> {
    this.sent.push(request);
    const result = this.results.length > 1 ? this.results.shift()! : this.results[0];
    return { ...result, durationMs: 1 };
  }
}
