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
}
