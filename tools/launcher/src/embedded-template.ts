import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { identityMigrations } from '../../../apps/identity/migrations';
import { interviewsMigrations } from '../../../apps/interviews/migrations';
import { jobsMigrations } from '../../../apps/jobs/migrations';
import { notificationsMigrations } from '../../../apps/notifications/migrations';
import { sharingMigrations } from '../../../apps/sharing/migrations';
import { EmbeddedPostgres, migrateToLatest, openDatabase, type Migration } from '@vi/platform-postgres';

const REPO_ROOT = resolve(__dirname, '../../..');
const CACHE_DIR = join(REPO_ROOT, 'node_modules/.cache/video-interviewing');

const schemas: Record<string, Record<string, Migration>> = {
  identity: identityMigrations,
  jobs: jobsMigrations,
  interviews: interviewsMigrations,
  sharing: sharingMigrations,
  notifications: notificationsMigrations,
};

/** Changes whenever a migration file or PGlite's version changes: the key of a cached template. */
function fingerprint(): string {
  const hash = createHash('sha256');
  hash.update(readFileSync(join(REPO_ROOT, 'node_modules/@electric-sql/pglite/package.json')));
  for (const schema of Object.keys(schemas)) {
    const folder = join(REPO_ROOT, 'apps', schema, 'migrations');
    for (const file of readdirSync(folder).sort()) hash.update(`${schema}/${file}\n`).update(readFileSync(join(folder, file)));
  }
  return hash.digest('hex').slice(0, 16);
}

/** Every service's schema migrated into a new in-memory database, as a tarball. */
async function migratedTemplate(): Promise<Blob> {
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

/**
 * A new embedded database costs an initdb (seconds of CPU); starting from a
 * migrated, empty copy costs a fraction of that. The copy is built once per
 * change of the migrations or of PGlite and kept under node_modules/.cache:
 * every embedded test database starts from it (jest's global setup builds it),
 * and so does a first `npm start` when one is there.
 */
function templateFile(): string {
  return join(CACHE_DIR, `embedded-postgres-${fingerprint()}.tar`);
}

/** The cached template, if one matches the current migrations. */
export function cachedEmbeddedTemplate(): Blob | undefined {
  try {
    return new Blob([readFileSync(templateFile())]);
  } catch {
    return undefined;
  }
}

/** The cached template's file, built first when there is none. */
export async function embeddedTemplateFile(): Promise<string> {
  const file = templateFile();
  if (cachedEmbeddedTemplate()) return file;
  const template = await migratedTemplate();
  mkdirSync(CACHE_DIR, { recursive: true });
  // Written under a unique name and renamed: a reader never sees half a file.
  const partial = `${file}.${process.pid}.${Date.now()}`;
  writeFileSync(partial, Buffer.from(await template.arrayBuffer()));
  renameSync(partial, file);
  return file;
}
