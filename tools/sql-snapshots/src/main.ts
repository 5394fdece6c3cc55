import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

/**
 * `npm run sql:snapshots`: rewrites every service's SQL snapshots (`apps/<service>/src/infrastructure/queries/*.sql`,
 * decision 068) by running the repositories' contract specs with `SQL_SNAPSHOTS=update`: the statements the SQL
 * repositories send there are the snapshots. The same specs check them in `npm test`. Extra arguments go to jest
 * (a service's path, to rewrite only its snapshots).
 */
const root = join(__dirname, '../../..');
const paths = process.argv.slice(2);
const run = spawnSync(
  process.execPath,
  [
    '--expose-gc',
    '--experimental-vm-modules',
    '--disable-warning=ExperimentalWarning',
    'node_modules/jest/bin/jest.js',
    ...(paths.length > 0 ? paths : ['apps/[^/]+/test/repositories\\.contract\\.integration\\.spec\\.ts$']),
    // Last: it takes every name after it.
    '--selectProjects',
    'integration',
  ],
  { cwd: root, stdio: 'inherit', env: { ...process.env, SQL_SNAPSHOTS: 'update' } },
);
process.exit(run.status ?? 1);
