import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { identityMigrations } from '../../../apps/identity/migrations';
import { interviewsMigrations } from '../../../apps/interviews/migrations';
import { jobsMigrations } from '../../../apps/jobs/migrations';
import { notificationsMigrations } from '../../../apps/notifications/migrations';
import { sharingMigrations } from '../../../apps/sharing/migrations';
import { EmbeddedPostgres, migrateToLatest, openDatabase, type Migration } from '@vi/platform-postgres';

const schemas: Record<string, Record<string, Migration>> = {
  identity: identityMigrations,
  jobs: jobsMigrations,
  interviews: interviewsMigrations,
  sharing: sharingMigrations,
  notifications: notificationsMigrations,
};

/** Changes whenever a migration file is added or edited: the key of a cached template. */
export function migrationsFingerprint(): string {
  const hash = createHash('sha256');
  for (const schema of Object.keys(schemas)) {
    const folder = join(__dirname, '../../../apps', schema, 'migrations');
    for (const file of readdirSync(folder).sort()) hash.update(`${schema}/${file}\n`).update(readFileSync(join(folder, file)));
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * An embedded database with every service's schema migrated and no data, as
 * a tarball: a test system opened from it skips initdb and migrations.
 */
export async function migratedTemplate(): Promise<Blob> {
  const database = await EmbeddedPostgres.open();
  try {
    for (const [schema, migrations] of Object.entries(schemas)) {
      const opened = await openDatabase({ schema, embedded: database });
      await migrateToLatest(opened.db, schema, migrations);
      await opened.close();
    }
    return await database.dump();
  } finally {
    await database.close();
  }
}
