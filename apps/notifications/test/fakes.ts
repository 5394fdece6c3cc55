import type { PublicOf } from '@vi/platform-bus';
import type { Stateful } from '@vi/platform-testing';
import { traceHeaders } from '@vi/platform-tracing';
import type {
  AttemptRow,
  CalendarChange,
  CalendarRepository,
  ClaimOptions,
  DeliveryRepository,
  DeliveryRow,
  EventLedger,
  LastNotificationRow,
  LoggedAttempt,
  MessageOutcome,
  MessageRepository,
  MessageRow,
  NewDelivery,
  NewMessage,
  WebhookRepository,
  WebhookRow,
} from '../src/application/store';

/**
 * In-memory stand-ins for the notifications repositories, for use-case specs: a spec hands a use case the ones it
 * names (decision 028) in a `memoryStore` (@vi/platform-testing), which rolls their `state` back when a transaction
 * throws. They keep the rules a use case relies on (live webhooks only, one resource at a time on a healthy one,
 * leases, dedupe keys); the SQL itself is shown by the integration specs in this folder.
 */

const byTime = (a: Date, b: Date) => a.getTime() - b.getTime();

export class InMemoryWebhooks implements PublicOf<WebhookRepository>, Stateful<WebhookRow[]> {
  state: WebhookRow[] = [];

  constructor(...rows: WebhookRow[]) {
    this.state.push(...rows);
  }

  async insert(row: WebhookRow): Promise<void> {
    this.state.push({ ...row });
  }

  async pageOfUser(userUuid: string, offset: number, limit: number): Promise<{ rows: WebhookRow[]; total: number }> {
    const live = this.state
      .filter((w) => w.user_uuid === userUuid && w.deleted_at === null)
      .sort((a, b) => byTime(a.created_at, b.created_at) || a.uuid.localeCompare(b.uuid));
    return { rows: live.slice(offset, offset + limit).map((w) => ({ ...w })), total: live.length };
  }

  async findOfUser(userUuid: string, uuid: string): Promise<WebhookRow | undefined> {
    const row = this.state.find((w) => w.uuid === uuid && w.user_uuid === userUuid && w.deleted_at === null);
    return row && { ...row };
  }

  async findMany(uuids: string[]): Promise<WebhookRow[]> {
    return this.state.filter((w) => uuids.includes(w.uuid)).map((w) => ({ ...w }));
  }

  async receivingOfCompany(companyUuid: string): Promise<WebhookRow[]> {
    return this.receiving((w) => w.company_uuid === companyUuid);
  }

  async receivingOfUser(userUuid: string): Promise<WebhookRow[]> {
    return this.receiving((w) => w.user_uuid === userUuid);
  }

  private receiving(of: (w: WebhookRow) => boolean): WebhookRow[] {
    return this.state
      .filter((w) => of(w) && w.deleted_at === null && w.status !== 'disabled')
      .sort((a, b) => byTime(a.created_at, b.created_at))
      .map((w) => ({ ...w }));
  }

  async lock(uuid: string): Promise<WebhookRow | undefined> {
    const row = this.state.find((w) => w.uuid === uuid);
    return row && { ...row };
  }

  async update(uuid: string, change: Partial<WebhookRow> & { updated_at: Date }): Promise<void> {
    const row = this.state.find((w) => w.uuid === uuid);
    if (row) Object.assign(row, change);
  }

  async deleteOfUser(userUuid: string, now: Date): Promise<string[]> {
    const live = this.state.filter((w) => w.user_uuid === userUuid && w.deleted_at === null);
    for (const row of live) Object.assign(row, { deleted_at: now, updated_at: now });
    return live.map((w) => w.uuid);
  }
}

export class InMemoryLedger implements PublicOf<EventLedger>, Stateful<{ processed: string[]; last: LastNotificationRow[] }> {
  state: { processed: string[]; last: LastNotificationRow[] } = { processed: [], last: [] };

  async markProcessed(consumer: string, eventId: string): Promise<boolean> {
    const key = `${consumer}:${eventId}`;
    if (this.state.processed.includes(key)) return false;
    this.state.processed.push(key);
    return true;
  }

  async markProcessedRememberingLast(consumer: string, row: LastNotificationRow): Promise<boolean> {
    if (!(await this.markProcessed(consumer, row.event_id))) return false;
    this.state.last = [...this.state.last.filter((l) => l.company_uuid !== row.company_uuid || l.event_type !== row.event_type), { ...row }];
    return true;
  }

  async markProcessedMany(consumer: string, eventIds: string[]): Promise<Set<string>> {
    const first = new Set<string>();
    for (const id of eventIds) if (await this.markProcessed(consumer, id)) first.add(id);
    return first;
  }

  async markProcessedRememberingLastMany(consumer: string, lasts: LastNotificationRow[]): Promise<Set<string>> {
    const first = new Set<string>();
    for (const row of lasts) if (await this.markProcessedRememberingLast(consumer, row)) first.add(row.event_id);
    return first;
  }

  async lastOf(companyUuid: string, eventType: string): Promise<LastNotificationRow | undefined> {
    const row = this.state.last.find((l) => l.company_uuid === companyUuid && l.event_type === eventType);
    return row && { ...row };
  }
}

/** Deliveries and their attempts; it reads the webhooks (claims) and the ledger's last notifications (forgetting). */
export class InMemoryDeliveries implements PublicOf<DeliveryRepository>, Stateful<{ deliveries: DeliveryRow[]; attempts: AttemptRow[] }> {
  state: { deliveries: DeliveryRow[]; attempts: AttemptRow[] } = { deliveries: [], attempts: [] };
  private seq = 0;

  constructor(
    private readonly webhooks: InMemoryWebhooks,
    private readonly ledger: InMemoryLedger,
  ) {}

  private find(uuid: string): DeliveryRow {
    const row = this.state.deliveries.find((d) => d.uuid === uuid);
    if (!row) throw new Error(`no delivery ${uuid}`);
    return row;
  }

  async deleteOfResources(resourceUuids: string[], keptEventType: string): Promise<number> {
    const doomed = (row: { resource_uuid: string; event_type: string }) => resourceUuids.includes(row.resource_uuid) && row.event_type !== keptEventType;
    const gone = new Set(this.state.deliveries.filter(doomed).map((d) => d.uuid));
    this.state.attempts = this.state.attempts.filter((a) => !gone.has(a.delivery_uuid));
    this.ledger.state.last = this.ledger.state.last.filter((l) => !doomed(l));
    this.state.deliveries = this.state.deliveries.filter((d) => !gone.has(d.uuid));
    return gone.size;
  }

  async insertMany(rows: NewDelivery[]): Promise<void> {
    for (const row of rows) this.state.deliveries.push({ ...row, seq: ++this.seq, status: 'pending', attempts: 0, locked_until: null, finished_at: null });
  }

  /** The repository's claim: due, not leased, a live webhook, one resource at a time on an active one. */
  async claimDue(options: ClaimOptions): Promise<DeliveryRow[]> {
    const { now } = options;
    const webhooks = new Map(this.webhooks.state.map((w) => [w.uuid, w]));
    const pending = this.state.deliveries.filter((d) => d.status === 'pending');
    const perWebhook = new Map<string, number>();
    const claimed = pending
      .filter((d) => {
        const webhook = webhooks.get(d.webhook_uuid);
        if (!webhook || webhook.deleted_at !== null || webhook.status === 'disabled' || options.excludeWebhooks.includes(d.webhook_uuid)) return false;
        if ((d.locked_until !== null && d.locked_until >= now) || d.next_attempt_at > now) return false;
        return webhook.status !== 'active' || !pending.some((e) => e.webhook_uuid === d.webhook_uuid && e.resource_uuid === d.resource_uuid && e.seq < d.seq);
      })
      .sort((a, b) => byTime(a.next_attempt_at, b.next_attempt_at) || a.seq - b.seq)
      .filter((d) => {
        const taken = (perWebhook.get(d.webhook_uuid) ?? 0) + 1;
        perWebhook.set(d.webhook_uuid, taken);
        return taken <= options.perWebhook;
      })
      .slice(0, options.batchSize);
    for (const row of claimed) row.locked_until = options.leaseUntil;
    return claimed.sort((a, b) => a.seq - b.seq).map((d) => ({ ...d }));
  }

  async postpone(uuid: string, nextAttemptAt: Date): Promise<void> {
    Object.assign(this.find(uuid), { locked_until: null, next_attempt_at: nextAttemptAt });
  }

  async finish(uuid: string, status: 'succeeded' | 'failed', attempts: number, now: Date): Promise<void> {
    Object.assign(this.find(uuid), { status, attempts, finished_at: now, locked_until: null });
  }

  async retryAt(uuid: string, attempts: number, nextAttemptAt: Date): Promise<void> {
    Object.assign(this.find(uuid), { attempts, next_attempt_at: nextAttemptAt, locked_until: null });
  }

  async cancelPending(webhookUuids: string[], now: Date): Promise<void> {
    for (const row of this.state.deliveries.filter((d) => webhookUuids.includes(d.webhook_uuid) && d.status === 'pending')) {
      Object.assign(row, { status: 'canceled', finished_at: now, locked_until: null });
    }
  }

  async insertAttempt(row: AttemptRow): Promise<void> {
    this.state.attempts.push({ ...row });
  }

  async countFailuresSince(webhookUuid: string, since: Date): Promise<number> {
    return this.state.attempts.filter((a) => a.webhook_uuid === webhookUuid && !a.succeeded && a.attempted_at > since).length;
  }

  async attemptsPage(webhookUuid: string, offset: number, limit: number): Promise<{ rows: LoggedAttempt[]; total: number }> {
    const ofWebhook = this.state.attempts
      .filter((a) => a.webhook_uuid === webhookUuid)
      .sort((a, b) => byTime(b.attempted_at, a.attempted_at) || b.uuid.localeCompare(a.uuid));
    const nextOf = (a: AttemptRow) => {
      const delivery = this.state.deliveries.find((d) => d.uuid === a.delivery_uuid);
      return delivery?.status === 'pending' && a.attempt === delivery.attempts ? delivery.next_attempt_at : null;
    };
    return { rows: ofWebhook.slice(offset, offset + limit).map((a) => ({ ...a, next_attempt_at: nextOf(a) })), total: ofWebhook.length };
  }
}

export class InMemoryMessages implements PublicOf<MessageRepository>, Stateful<MessageRow[]> {
  state: MessageRow[] = [];

  constructor(private readonly ledger: InMemoryLedger) {}

  private find(uuid: string): MessageRow {
    const row = this.state.find((m) => m.uuid === uuid);
    if (!row) throw new Error(`no message ${uuid}`);
    return row;
  }

  async insertMany(rows: NewMessage[]): Promise<void> {
    for (const row of rows) {
      if (this.state.some((m) => m.dedupe_key === row.dedupe_key)) continue;
      // As the repository does: the active trace context (the consumer's span) goes with the message.
      this.state.push({
        ...row,
        calendar: row.calendar ?? null,
        status: 'pending',
        attempts: 0,
        locked_until: null,
        last_error: null,
        sent_at: null,
        trace_context: traceHeaders() ?? null,
      });
    }
  }

  async insertOfFirstTime(consumer: string, eventIds: string[], rows: Array<NewMessage & { event_id: string }>): Promise<number> {
    const first = await this.ledger.markProcessedMany(consumer, eventIds);
    const before = this.state.length;
    await this.insertMany(rows.filter((r) => first.has(r.event_id)).map(({ event_id: _, ...row }) => row));
    return this.state.length - before;
  }

  async deleteOfInterviews(interviewUuids: string[]): Promise<number> {
    const before = this.state.length;
    this.state = this.state.filter((m) => m.interview_uuid === null || !interviewUuids.includes(m.interview_uuid));
    return before - this.state.length;
  }

  async cancelPending(interviewUuid: string, kinds: string[], now: Date): Promise<void> {
    for (const row of this.state.filter((m) => m.interview_uuid === interviewUuid && kinds.includes(m.kind) && m.status === 'pending')) {
      Object.assign(row, { status: 'canceled', locked_until: null, last_error: null, sent_at: null, send_after: now });
    }
  }

  async claimDue(now: Date, leaseUntil: Date, limit: number): Promise<MessageRow[]> {
    const due = this.state
      .filter((m) => m.status === 'pending' && m.send_after <= now && (m.locked_until === null || m.locked_until < now))
      .sort((a, b) => byTime(a.send_after, b.send_after))
      .slice(0, limit);
    for (const row of due) row.locked_until = leaseUntil;
    return due.map((m) => ({ ...m }));
  }

  async finishAttempts(outcomes: MessageOutcome[], now: Date): Promise<void> {
    for (const o of outcomes) {
      const row = this.find(o.uuid);
      Object.assign(row, {
        status: o.status,
        attempts: o.attempts,
        locked_until: null,
        last_error: o.error,
        sent_at: o.status === 'sent' ? now : null,
        send_after: o.sendAfter ?? row.send_after,
      });
    }
  }
}

type CalendarRow = { interview_uuid: string; sequence: number; changed_at: Date; canceled: boolean };

export class InMemoryCalendars implements PublicOf<CalendarRepository>, Stateful<CalendarRow[]> {
  state: CalendarRow[] = [];

  async record(change: CalendarChange): Promise<number | null> {
    const step = change.kind === 'same' ? 0 : 1;
    const next = { changed_at: change.changedAt, canceled: change.kind === 'canceled' };
    const row = this.state.find((c) => c.interview_uuid === change.interviewUuid);
    if (!row) {
      this.state.push({ interview_uuid: change.interviewUuid, sequence: step, ...next });
      return step;
    }
    if (row.canceled || row.changed_at > change.changedAt) return null;
    Object.assign(row, { sequence: row.sequence + step, ...next });
    return row.sequence;
  }

  async sequenceOf(interviewUuid: string): Promise<number> {
    return this.state.find((c) => c.interview_uuid === interviewUuid)?.sequence ?? 0;
  }

  async deleteOfInterviews(interviewUuids: string[]): Promise<void> {
    this.state = this.state.filter((c) => !interviewUuids.includes(c.interview_uuid));
  }
}

export type NotificationsRepositoryFakes = {
  webhooks: InMemoryWebhooks;
  deliveries: InMemoryDeliveries;
  messages: InMemoryMessages;
  ledger: InMemoryLedger;
  calendars: InMemoryCalendars;
};

/** Every repository fake over one set of rows (deliveries read the webhooks and the ledger), for a spec to hand a use case those it names. */
export function notificationsFakes(): NotificationsRepositoryFakes {
  const webhooks = new InMemoryWebhooks();
  const ledger = new InMemoryLedger();
  return { webhooks, deliveries: new InMemoryDeliveries(webhooks, ledger), messages: new InMemoryMessages(ledger), ledger, calendars: new InMemoryCalendars() };
}
