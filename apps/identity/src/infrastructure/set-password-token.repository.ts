import type { Kysely } from '@vi/platform-postgres';
import type { IdentityDatabase } from './identity.database';

export class SetPasswordTokenRepository {
  constructor(private readonly db: Kysely<IdentityDatabase>) {}

  async insert(token: { tokenHash: string; userUuid: string; expiresAt: Date; createdAt: Date }): Promise<void> {
    await this.db
      .insertInto('set_password_tokens')
      .values({ token_hash: token.tokenHash, user_uuid: token.userUuid, expires_at: token.expiresAt, created_at: token.createdAt })
      .execute();
  }

  /** Marks a live token used and names its user; undefined when it is unknown, used or expired. Single use holds under concurrency: one UPDATE wins. */
  async consume(tokenHash: string, now: Date): Promise<string | undefined> {
    const row = await this.db
      .updateTable('set_password_tokens')
      .set({ used_at: now })
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning('user_uuid')
      .executeTakeFirst();
    return row?.user_uuid;
  }

  /** A password was set: the user's other links stop working too. */
  async useAllOf(userUuid: string, now: Date): Promise<void> {
    await this.db.updateTable('set_password_tokens').set({ used_at: now }).where('user_uuid', '=', userUuid).where('used_at', 'is', null).execute();
  }
}
