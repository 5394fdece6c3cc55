import { sql, type Kysely } from '@vi/platform-postgres';
import type { User } from '../domain/user';
import type { IdentityDatabase } from './identity.database';
import type { PasswordHash, ScryptParams } from '../application/ports';
import { toUser } from './user.repository';

export class PasswordRepository {
  constructor(private readonly db: Kysely<IdentityDatabase>) {}

  async upsert(userUuid: string, hash: PasswordHash, at: Date): Promise<void> {
    const row = {
      user_uuid: userUuid,
      algorithm: hash.algorithm,
      params: JSON.stringify(hash.params) as unknown as Record<string, number>,
      salt: hash.salt,
      hash: hash.hash,
      updated_at: at,
    };
    await this.db
      .insertInto('user_passwords')
      .values(row)
      .onConflict((oc) => oc.column('user_uuid').doUpdateSet({ algorithm: row.algorithm, params: row.params, salt: row.salt, hash: row.hash, updated_at: at }))
      .execute();
  }

  async exists(userUuid: string): Promise<boolean> {
    return (await this.db.selectFrom('user_passwords').select('user_uuid').where('user_uuid', '=', userUuid).executeTakeFirst()) !== undefined;
  }

  /** Active, live company users with this email (one per company at most) who have set a password, oldest first. */
  async findSignInCandidates(email: string): Promise<Array<{ user: User; password: PasswordHash }>> {
    const rows = await this.db
      .selectFrom('users')
      .innerJoin('user_passwords', 'user_passwords.user_uuid', 'users.uuid')
      .selectAll('users')
      .select(['user_passwords.algorithm', 'user_passwords.params', 'user_passwords.salt', 'user_passwords.hash'])
      .where(sql<string>`lower(users.email)`, '=', email.toLowerCase())
      .where('users.type', '=', 'company_user')
      .where('users.active', '=', true)
      .where('users.deleted_at', 'is', null)
      .orderBy('users.created_at')
      .orderBy('users.uuid')
      .execute();
    return rows.map((row) => ({
      user: toUser(row),
      password: { algorithm: row.algorithm as 'scrypt', params: row.params as unknown as ScryptParams, salt: row.salt, hash: row.hash },
    }));
  }
}
