import { sql, type Kysely } from '@vi/platform-postgres';
import type { AttemptRow, ClaimOptions, DeliveryRow, LoggedAttempt, NewDelivery } from '../application/store';
import type { NotificationsDatabase } from './notifications.database';

export class DeliveryRepository {
  constructor(private readonly db: Kysely<NotificationsDatabase>) {}

  /** Deletes the deliveries (with their attempts) and last notifications of these resources, but those of `keptEventType`. */
  async deleteOfResources(resourceUuids: string[], keptEventType: string): Promise<number> {
    const doomed = this.db.selectFrom('deliveries').select('uuid').where('resource_uuid', 'in', resourceUuids).where('event_type', '<>', keptEventType);
    await this.db.deleteFrom('delivery_attempts').where('delivery_uuid', 'in', doomed).execute();
    await this.db.deleteFrom('last_notifications').where('resource_uuid', 'in', resourceUuids).where('event_type', '<>', keptEventType).execute();
    const result = await this.db
      .deleteFrom('deliveries')
      .where('resource_uuid', 'in', resourceUuids)
      .where('event_type', '<>', keptEventType)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  async insertMany(rows: NewDelivery[]): Promise<void> {
    if (rows.length === 0) return;
    await this.db
      .insertInto('deliveries')
      .values(rows.map((r) => ({ ...r, status: 'pending' as const })))
      .execute();
  }

  /**
   * Takes due deliveries for one pass and leases them until `leaseUntil`:
   * replicas skip rows another one locked (`FOR UPDATE SKIP LOCKED`) or leased,
   * and a lease left by a crashed process runs out so another replica retries.
   * On an active (healthy) webhook a delivery waits while an earlier one of the
   * same resource is pending, so one resource's events arrive in order.
   */
  async claimDue(options: ClaimOptions): Promise<DeliveryRow[]> {
    const { now, leaseUntil } = options;
    const excluded = options.excludeWebhooks.length > 0 ? sql`and d.webhook_uuid not in (${sql.join(options.excludeWebhooks)})` : sql``;
    const result = await sql<DeliveryRow>`
      with ranked as (
        select d.uuid, row_number() over (partition by d.webhook_uuid order by d.next_attempt_at, d.seq) as rank
        from deliveries d join webhooks w on w.uuid = d.webhook_uuid
        where d.status = 'pending'
          and d.next_attempt_at <= ${now}
          and (d.locked_until is null or d.locked_until < ${now})
          and w.deleted_at is null and w.status <> 'disabled'
          ${excluded}
          and (w.status <> 'active' or not exists (
            select 1 from deliveries e
            where e.webhook_uuid = d.webhook_uuid and e.resource_uuid = d.resource_uuid and e.status = 'pending' and e.seq < d.seq))
      ), picked as (
        select d.uuid from deliveries d
        where d.uuid in (select uuid from ranked where rank <= ${options.perWebhook})
          and d.status = 'pending' and (d.locked_until is null or d.locked_until < ${now})
        order by d.next_attempt_at, d.seq
        limit ${options.batchSize}
        for update skip locked
      )
      update deliveries set locked_until = ${leaseUntil}
      from picked where deliveries.uuid = picked.uuid
      returning deliveries.*`.execute(this.db);
    return result.rows.sort((a, b) => Number(a.seq) - Number(b.seq));
  }

  /** Gives a claimed delivery back without an attempt (its endpoint's breaker is open). */
  async postpone(uuid: string, nextAttemptAt: Date): Promise<void> {
    await this.db.updateTable('deliveries').set({ locked_until: null, next_attempt_at: nextAttemptAt }).where('uuid', '=', uuid).execute();
  }

  async finish(uuid: string, status: 'succeeded' | 'failed', attempts: number, now: Date): Promise<void> {
    await this.db.updateTable('deliveries').set({ status, attempts, finished_at: now, locked_until: null }).where('uuid', '=', uuid).execute();
  }

  async retryAt(uuid: string, attempts: number, nextAttemptAt: Date): Promise<void> {
    await this.db.updateTable('deliveries').set({ attempts, next_attempt_at: nextAttemptAt, locked_until: null }).where('uuid', '=', uuid).execute();
  }

  /** Cancels what is still pending for these webhooks (deleted or disabled). */
  async cancelPending(webhookUuids: string[], now: Date): Promise<void> {
    if (webhookUuids.length === 0) return;
    await this.db
      .updateTable('deliveries')
      .set({ status: 'canceled', finished_at: now, locked_until: null })
      .where('webhook_uuid', 'in', webhookUuids)
      .where('status', '=', 'pending')
      .execute();
  }

  async insertAttempt(row: AttemptRow): Promise<void> {
    await this.db.insertInto('delivery_attempts').values(row).execute();
  }

  async countFailuresSince(webhookUuid: string, since: Date): Promise<number> {
    const row = await this.db
      .selectFrom('delivery_attempts')
      .select((eb) => eb.fn.countAll<number>().as('failures'))
      .where('webhook_uuid', '=', webhookUuid)
      .where('succeeded', '=', false)
      .where('attempted_at', '>', since)
      .executeTakeFirstOrThrow();
    return Number(row.failures);
  }

  /** A webhook's attempts, newest first; the latest attempt of a delivery still pending says when the next one is due. */
  async attemptsPage(webhookUuid: string, offset: number, limit: number): Promise<{ rows: LoggedAttempt[]; total: number }> {
    const ofWebhook = this.db.selectFrom('delivery_attempts').where('webhook_uuid', '=', webhookUuid);
    const [rows, count] = await Promise.all([
      this.db
        .selectFrom('delivery_attempts as a')
        .leftJoin('deliveries as d', 'd.uuid', 'a.delivery_uuid')
        .selectAll('a')
        .select(sql<Date | null>`case when d.status = 'pending' and a.attempt = d.attempts then d.next_attempt_at end`.as('next_attempt_at'))
        .where('a.webhook_uuid', '=', webhookUuid)
        .orderBy('a.attempted_at', 'desc')
        .orderBy('a.uuid', 'desc')
        .offset(offset)
        .limit(limit)
        .execute(),
      ofWebhook.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.total) };
  }
}
