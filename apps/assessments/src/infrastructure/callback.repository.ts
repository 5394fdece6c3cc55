import type { AtsName } from '@vi/contracts';
import { sql, type Kysely, type Selectable } from '@vi/platform-postgres';
import type { CallbackRepository as CallbackPort, ClaimOptions } from '../application/store';
import type { Callback, CallbackAttempt } from '../domain/callback';
import type { AssessmentsDatabase } from './assessments.database';

type CallbackRow = Selectable<AssessmentsDatabase['callbacks']>;
type AttemptRow = Selectable<AssessmentsDatabase['callback_attempts']>;

function callbackOf(row: CallbackRow): Callback {
  return {
    uuid: row.uuid,
    orderUuid: row.order_uuid,
    companyUuid: row.company_uuid,
    kind: row.kind,
    dueAt: row.due_at,
    attempts: row.attempts,
    lastStatusCode: row.last_status_code,
    lastError: row.last_error,
    deliveredAt: row.delivered_at,
    givenUpAt: row.given_up_at,
    createdAt: row.created_at,
  };
}

function attemptOf(row: AttemptRow): CallbackAttempt {
  return {
    uuid: row.uuid,
    callbackUuid: row.callback_uuid,
    orderUuid: row.order_uuid,
    companyUuid: row.company_uuid,
    ats: row.ats,
    attemptedAt: row.attempted_at,
    statusCode: row.status_code,
    error: row.error,
  };
}

/** Callbacks (our outbox to the ATSs) and their attempts. */
export class CallbackRepository implements CallbackPort {
  constructor(private readonly db: Kysely<AssessmentsDatabase>) {}

  async insert(callback: Callback): Promise<void> {
    await this.db
      .insertInto('callbacks')
      .values({
        uuid: callback.uuid,
        order_uuid: callback.orderUuid,
        company_uuid: callback.companyUuid,
        kind: callback.kind,
        due_at: callback.dueAt,
        attempts: callback.attempts,
        locked_until: null,
        last_status_code: callback.lastStatusCode,
        last_error: callback.lastError,
        delivered_at: callback.deliveredAt,
        given_up_at: callback.givenUpAt,
        created_at: callback.createdAt,
      })
      .execute();
  }

  async claimDue(options: ClaimOptions): Promise<Callback[]> {
    const { now, leaseUntil, batchSize } = options;
    const result = await sql<CallbackRow>`
      with picked as (
        select uuid from callbacks
        where delivered_at is null and given_up_at is null and due_at <= ${now}
          and (locked_until is null or locked_until < ${now})
        order by due_at, created_at
        limit ${batchSize}
        for update skip locked
      )
      update callbacks set locked_until = ${leaseUntil}
      from picked where callbacks.uuid = picked.uuid
      returning callbacks.*`.execute(this.db);
    return result.rows.map(callbackOf).sort((a, b) => a.dueAt.getTime() - b.dueAt.getTime());
  }

  async recordAttempt(
    callbackUuid: string,
    update: { attempts: number; statusCode: number | null; error: string | null; deliveredAt?: Date; givenUpAt?: Date; dueAt?: Date },
    attempt: CallbackAttempt,
  ): Promise<void> {
    await this.db
      .insertInto('callback_attempts')
      .values({
        uuid: attempt.uuid,
        callback_uuid: attempt.callbackUuid,
        order_uuid: attempt.orderUuid,
        company_uuid: attempt.companyUuid,
        ats: attempt.ats,
        attempted_at: attempt.attemptedAt,
        status_code: attempt.statusCode,
        error: attempt.error,
      })
      .execute();
    await this.db
      .updateTable('callbacks')
      .set({
        attempts: update.attempts,
        last_status_code: update.statusCode,
        last_error: update.error,
        locked_until: null,
        ...(update.deliveredAt ? { delivered_at: update.deliveredAt } : {}),
        ...(update.givenUpAt ? { given_up_at: update.givenUpAt } : {}),
        ...(update.dueAt ? { due_at: update.dueAt } : {}),
      })
      .where('uuid', '=', callbackUuid)
      .execute();
  }

  async attemptsOf(orderUuids: string[]): Promise<Map<string, CallbackAttempt[]>> {
    const byOrder = new Map<string, CallbackAttempt[]>();
    if (orderUuids.length === 0) return byOrder;
    const rows = await this.db
      .selectFrom('callback_attempts')
      .selectAll()
      .where('order_uuid', 'in', orderUuids)
      .orderBy('attempted_at')
      .orderBy('uuid')
      .execute();
    for (const row of rows) byOrder.set(row.order_uuid, [...(byOrder.get(row.order_uuid) ?? []), attemptOf(row)]);
    return byOrder;
  }

  async lastAttempt(companyUuid: string, ats: AtsName): Promise<CallbackAttempt | undefined> {
    const row = await this.db
      .selectFrom('callback_attempts')
      .selectAll()
      .where('company_uuid', '=', companyUuid)
      .where('ats', '=', ats)
      .orderBy('attempted_at', 'desc')
      .orderBy('uuid', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row && attemptOf(row);
  }
}
