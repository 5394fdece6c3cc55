import type { Kysely } from '@vi/platform-postgres';
import type { WebhookRow } from '../application/store';
import type { NotificationsDatabase } from './notifications.database';

export class WebhookRepository {
  constructor(private readonly db: Kysely<NotificationsDatabase>) {}

  async insert(row: WebhookRow): Promise<void> {
    await this.db.insertInto('webhooks').values(row).execute();
  }

  /** A user's webhooks, oldest first, and how many there are. */
  async pageOfUser(userUuid: string, offset: number, limit: number): Promise<{ rows: WebhookRow[]; total: number }> {
    const live = this.db.selectFrom('webhooks').where('user_uuid', '=', userUuid).where('deleted_at', 'is', null);
    const [rows, count] = await Promise.all([
      live.selectAll().orderBy('created_at').orderBy('uuid').offset(offset).limit(limit).execute(),
      live.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.total) };
  }

  async findOfUser(userUuid: string, uuid: string): Promise<WebhookRow | undefined> {
    return this.db
      .selectFrom('webhooks')
      .selectAll()
      .where('uuid', '=', uuid)
      .where('user_uuid', '=', userUuid)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
  }

  async findMany(uuids: string[]): Promise<WebhookRow[]> {
    if (uuids.length === 0) return [];
    return this.db.selectFrom('webhooks').selectAll().where('uuid', 'in', uuids).execute();
  }

  /** Webhooks that receive notifications: not deleted, not disabled. */
  async receivingOfCompany(companyUuid: string): Promise<WebhookRow[]> {
    return this.db
      .selectFrom('webhooks')
      .selectAll()
      .where('company_uuid', '=', companyUuid)
      .where('deleted_at', 'is', null)
      .where('status', '<>', 'disabled')
      .orderBy('created_at')
      .execute();
  }

  async receivingOfUser(userUuid: string): Promise<WebhookRow[]> {
    return this.db
      .selectFrom('webhooks')
      .selectAll()
      .where('user_uuid', '=', userUuid)
      .where('deleted_at', 'is', null)
      .where('status', '<>', 'disabled')
      .orderBy('created_at')
      .execute();
  }

  /** The row locked for a health update (attempts of one webhook finishing together update it in turn). */
  async lock(uuid: string): Promise<WebhookRow | undefined> {
    return this.db.selectFrom('webhooks').selectAll().where('uuid', '=', uuid).forUpdate().executeTakeFirst();
  }

  async update(
    uuid: string,
    change: Partial<Pick<WebhookRow, 'status' | 'failing_since' | 'disabled_at' | 'failures_counted_from' | 'deleted_at'>> & { updated_at: Date },
  ): Promise<void> {
    await this.db.updateTable('webhooks').set(change).where('uuid', '=', uuid).execute();
  }

  /** Soft-deletes every webhook of a user; returns their uuids. */
  async deleteOfUser(userUuid: string, now: Date): Promise<string[]> {
    const rows = await this.db
      .updateTable('webhooks')
      .set({ deleted_at: now, updated_at: now })
      .where('user_uuid', '=', userUuid)
      .where('deleted_at', 'is', null)
      .returning('uuid')
      .execute();
    return rows.map((r) => r.uuid);
  }
}
