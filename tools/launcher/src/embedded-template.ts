import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { assessmentsMigrations } from '../../../apps/assessments/migrations';
import { evaluationsMigrations } from '../../../apps/evaluations/migrations';
import { identityMigrations } from '../../../apps/identity/migrations';
import { interviewsMigrations } from '../../../apps/interviews/migrations';
import { jobsMigrations } from '../../../apps/jobs/migrations';
import { notificationsMigrations } from '../../../apps/notifications/migrations';
import { sharingMigrations } from '../../../apps/sharing/migrations';
import { transcriptionMigrations } from '../../../apps/transcription/migrations';
import { EmbeddedPostgres, migrateToLatest, openDatabase, sql, type Migration } from '@vi/platform-postgres';

const REPO_ROOT = resolve(__dirname, '../../..');
const CACHE_DIR = join(REPO_ROOT, 'node_modules/.cache/video-interviewing');

const schemas: Record<string, Record<string, Migration>> = {
  identity: identityMigrations,
  jobs: jobsMigrations,
  interviews: interviewsMigrations,
  sharing: sharingMigrations,
  notifications: notificationsMigrations,
  evaluations: evaluationsMigrations,
  assessments: assessmentsMigrations,
  transcription: transcriptionMigrations,
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

/**
 * What a template is for: `start` (a first `npm start`, whose data directory lives on) keeps the cluster as initdb
 * made it; `tests` (the in-memory database of each test system, thrown away after its spec) leaves out the
 * `template0` and `template1` databases, which nothing copies from in a database of one database: 27 MB to unpack
 * instead of 42, about a third less CPU for each of the few hundred databases a test run opens.
 */
export type TemplateUse = 'start' | 'tests';

/** Every service's schema migrated into a new in-memory database, as a tarball. */
async function migratedTemplate(use: TemplateUse): Promise<Blob> {
  const database = await EmbeddedPostgres.open();
  try {
    for (const [schema, migrations] of Object.entries(schemas)) {
      const opened = await openDatabase({ schema, embedded: database });
      await migrateToLatest(opened.db, schema, migrations);
      await opened.close();
    }
    if (use === 'tests') {
      const opened = await openDatabase({ schema: 'public', embedded: database });
      // One statement each: DROP DATABASE refuses to run inside a transaction block.
      for (const template of ['template0', 'template1']) {
        await sql`alter database ${sql.id(template)} is_template false`.execute(opened.db);
        await sql`drop database ${sql.id(template)}`.execute(opened.db);
      }
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
function templateFile(use: TemplateUse): string {
  return join(CACHE_DIR, `embedded-postgres-${fingerprint()}${use === 'tests' ? '-tests' : ''}.tar`);
}

/** The cached template, if one matches the current migrations. */
export function cachedEmbeddedTemplate(use: TemplateUse = 'start'): Blob | undefined {
  try {
    return new Blob([readFileSync(templateFile(use))]);
  } catch {
    return undefined;
  }
}

/** The cached template's file, built first when there is none. */
export async function embeddedTemplateFile(use: TemplateUse = 'start'): Promise<string> {
  const file = templateFile(use);
  if (cachedEmbeddedTemplate(use)) return file;
  const template = await migratedTemplate(use);
  mkdirSync(CACHE_DIR, { recursive: true });
  // Written under a unique name and renamed: a reader never sees half a file.
  const partial = `${file}.${process.pid}.${Date.now()}`;
  writeFileSync(partial, Buffer.from(await template.arrayBuffer()));
  renameSync(partial, file);
  return file;
}
