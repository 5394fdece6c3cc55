import { sql, type Kysely } from '@vi/platform-postgres';
import type { IdentityDatabase } from './identity.database';
import type { ApiKeyOwner, StoredApiKey } from '../application/store';

export class ApiKeyRepository {
  constructor(private readonly db: Kysely<IdentityDatabase>) {}

  async findByUser(userUuid: string): Promise<StoredApiKey | undefined> {
    const row = await this.db.selectFrom('api_keys').selectAll().where('user_uuid', '=', userUuid).executeTakeFirst();
    return row && toApiKey(row);
  }

  async findOwnerByHash(keyHash: string): Promise<ApiKeyOwner | undefined> {
    const row = await this.db
      .selectFrom('api_keys as k')
      .innerJoin('users as u', 'u.uuid', 'k.user_uuid')
      .select(['k.uuid as keyUuid', 'u.uuid as userUuid', 'u.active as userActive', 'u.company_uuid as companyUuid', 'u.role', 'u.type as userType'])
      .where('k.key_hash', '=', keyHash)
      .where('u.deleted_at', 'is', null)
      .executeTakeFirst();
    return row;
  }

  async insert(key: StoredApiKey): Promise<void> {
    await this.db
      .insertInto('api_keys')
      .values({
        uuid: key.uuid,
        user_uuid: key.userUuid,
        key_hash: key.keyHash,
        key_ciphertext: key.keyCiphertext,
        description: key.description,
        type: key.type,
        last_used_at: key.lastUsedAt,
        created_at: key.createdAt,
        updated_at: key.updatedAt,
      })
      .execute();
  }

  async update(uuid: string, change: { description?: string; keyHash?: string; keyCiphertext?: string; updatedAt: Date }): Promise<void> {
    await this.db
      .updateTable('api_keys')
      .set({
        description: change.description,
        key_hash: change.keyHash,
        key_ciphertext: change.keyCiphertext,
        updated_at: change.updatedAt,
      })
      .where('uuid', '=', uuid)
      .execute();
  }

  async deleteByUser(userUuid: string): Promise<StoredApiKey | undefined> {
    const row = await this.db.deleteFrom('api_keys').where('user_uuid', '=', userUuid).returningAll().executeTakeFirst();
    return row && toApiKey(row);
  }

  /** Records use at most once a minute per key, so authentication does not write on every request. */
  async touchLastUsed(uuid: string, at: Date): Promise<void> {
    await this.db
      .updateTable('api_keys')
      .set({ last_used_at: at })
      .where('uuid', '=', uuid)
      .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', sql<Date>`${at}::timestamptz - interval '60 seconds'`)]))
      .execute();
  }
}

function toApiKey(row: IdentityDatabase['api_keys']): StoredApiKey {
  return {
    uuid: row.uuid,
    userUuid: row.user_uuid,
    keyHash: row.key_hash,
    keyCiphertext: row.key_ciphertext,
    description: row.description,
    type: row.type,
    lastUsedAt: row.last_used_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
