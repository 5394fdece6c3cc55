import type { Kysely } from '@vi/platform-postgres';
import type { JobsDatabase } from './jobs.database';

/** Job videos' objects waiting to leave media storage (decision 061). */
export class VideoDeletionRepository {
  constructor(private readonly db: Kysely<JobsDatabase>) {}

  async schedule(storageKey: string, after: Date): Promise<void> {
    await this.db
      .insertInto('video_deletions')
      .values({ storage_key: storageKey, delete_after: after })
      .onConflict((oc) => oc.column('storage_key').doUpdateSet({ delete_after: after }))
      .execute();
  }

  async due(now: Date, limit: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('video_deletions')
      .select('storage_key')
      .where('delete_after', '<=', now)
      .orderBy('delete_after')
      .orderBy('storage_key')
      .limit(limit)
      .execute();
    return rows.map((row) => row.storage_key);
  }

  async forget(storageKeys: string[]): Promise<void> {
    if (storageKeys.length === 0) return;
    await this.db.deleteFrom('video_deletions').where('storage_key', 'in', storageKeys).execute();
  }
}
