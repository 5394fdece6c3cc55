import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createLogger } from '@vi/platform-logger';
import { EmbeddedPostgres } from '@vi/platform-postgres';
import { cachedEmbeddedTemplate } from './embedded-template';

/**
 * The process's embedded database, in `$DATA_DIR/postgres` (`memory://` stays
 * in memory); a new one starts from the migrated template, when one is
 * cached, rather than an initdb.
 */
export async function openEmbeddedPostgres(env: NodeJS.ProcessEnv): Promise<EmbeddedPostgres> {
  const dataDir = (env.DATA_DIR ?? './data').replace(/\/$/, '');
  const dir = dataDir.startsWith('memory://') ? dataDir : `${dataDir}/postgres`;
  const exists = !dir.startsWith('memory://') && existsSync(join(dir, 'PG_VERSION'));
  return EmbeddedPostgres.open(dir, { logger: createLogger('database', env.LOG_LEVEL ?? 'info'), template: exists ? undefined : cachedEmbeddedTemplate() });
}
