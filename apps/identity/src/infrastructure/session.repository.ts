import type { Kysely } from '@vi/platform-postgres';
import type { StoredSession } from '../domain/session';
import type { User } from '../domain/user';
import type { IdentityDatabase } from './identity.database';
import { toUser } from './user.repository';

export class SessionRepository {
  constructor(private readonly db: Kysely<IdentityDatabase>) {}

  async insert(session: StoredSession & { idHash: string }): Promise<void> {
    await this.db
      .insertInto('sessions')
      .values({
        uuid: session.uuid,
        id_hash: session.idHash,
        user_uuid: session.userUuid,
        created_at: session.createdAt,
        last_seen_at: session.lastSeenAt,
        expires_at: session.expiresAt,
      })
      .execute();
  }

  /** The session with this id hash and its user (deleted users included: the caller refuses them). */
  async findByIdHash(idHash: string): Promise<{ session: StoredSession; user: User & { deleted: boolean } } | undefined> {
    const row = await this.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.uuid', 'sessions.user_uuid')
      .selectAll('users')
      .select(['sessions.uuid as session_uuid', 'sessions.created_at as session_created_at', 'sessions.last_seen_at', 'sessions.expires_at'])
      .where('sessions.id_hash', '=', idHash)
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      session: { uuid: row.session_uuid, userUuid: row.uuid, createdAt: row.session_created_at, lastSeenAt: row.last_seen_at, expiresAt: row.expires_at },
      user: { ...toUser(row), deleted: row.deleted_at !== null },
    };
  }

  async touch(uuid: string, at: Date): Promise<void> {
    await this.db.updateTable('sessions').set({ last_seen_at: at }).where('uuid', '=', uuid).where('last_seen_at', '<', at).execute();
  }

  /** Ends one session; the uuid of what was removed, if anything. */
  async deleteByIdHash(idHash: string): Promise<{ uuid: string; userUuid: string } | undefined> {
    const row = await this.db.deleteFrom('sessions').where('id_hash', '=', idHash).returning(['uuid', 'user_uuid']).executeTakeFirst();
    return row && { uuid: row.uuid, userUuid: row.user_uuid };
  }

  /** Ends every session of a user; how many there were. */
  async deleteByUser(userUuid: string): Promise<number> {
    const rows = await this.db.deleteFrom('sessions').where('user_uuid', '=', userUuid).returning('uuid').execute();
    return rows.length;
  }

  async deleteExpired(before: Date): Promise<void> {
    await this.db.deleteFrom('sessions').where('expires_at', '<', before).execute();
  }
}
