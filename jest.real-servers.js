// @ts-check
/**
 * What CI's second phase runs against the real servers (PostgreSQL, NATS JetStream, Redis), and why each is here
 * (docs/decisions/069-what-each-ci-phase-runs.md). The first phase (`npm test`, embedded defaults) runs every spec;
 * this phase runs again only the specs whose code path the real servers change: a spec not named here would run the
 * same code a second time. A new integration or e2e spec is classified here, or it runs in the first phase only.
 *
 * Used as jest's `--filter` (`npm run test:real-servers`, `.ci/run`); `npm run test:jest` with TEST_* set still runs
 * whatever it is given against the real servers.
 */

/** Integration specs: each opens a real database (or NATS, or Redis) with TEST_* set. Listed by what it needs. */
const INTEGRATION = [
  // Repositories, list queries, sweeps, projections, migrations and sessions: the SQL against PostgreSQL (its locks,
  // concurrent connections and the pg driver's types), where PGlite is one connection that serializes everything
  // (evaluations.integration.spec.ts: a concurrent first save of one evaluator is one row; assessments'
  // callbacks.integration.spec.ts: a callback leased by a process stopped mid-retry is delivered once by the next).
  'apps/*/test/*.integration.spec.ts',
  // The outbox's relay and claims on PostgreSQL, published to JetStream; the NATS adapter's durables and redelivery.
  'libs/platform/bus/test/*.integration.spec.ts',
  // Prepared statements on a PostgreSQL server (PGlite has no server-side prepare to cache).
  'libs/platform/postgres/test/prepared.integration.spec.ts',
  // Row types against the columns PostgreSQL's information_schema reports.
  'tools/repo-checks/test/row-types.integration.spec.ts',
];

/** End-to-end specs whose path branches on the servers, grouped by the server that changes it. */
const E2E = [
  // NATS JetStream instead of the in-process bus: events crossing services, redelivery, durables, what is published.
  'e2e/interviews/interviews-events', // every interview event as consumers receive it
  'e2e/jobs/jobs-events', // job events, two users changing one job at once
  'e2e/notifications/*', // notifications is driven by events: emails, SMS retries, webhooks, calendars, its restart
  'e2e/secrets/bearer-secrets-at-rest', // reads what was published on NATS
  'e2e/platform/tracing', // one trace across the bus's messages
  'e2e/gateway/revocation', // a revocation reaches every gateway replica through its event
  'e2e/retention/erase-job-seeker', // an erasure crosses services by events
  // Evaluations' events feed interviews' projection, the webhooks and the emails on JetStream; it forgets a deleted
  // interview and job by their events.
  'e2e/evaluations/*',
  // The assessments service (decision 071) learns of interviews from JetStream, and its callbacks are claimed with
  // leases (`for update skip locked`) that replicas and a restart share on PostgreSQL: both ATSs' flows, retries, and
  // the distributed run (two gateways, two services) on the real servers.
  'e2e/assessments/*',
  // The transcription service (decision 073) learns of takes and recordings from JetStream, its worker claims rows
  // with leases on PostgreSQL, and interviews indexes the transcripts' text with PostgreSQL's text search.
  'e2e/transcription/*',
  'e2e/launcher/transcription-launcher',
  // PostgreSQL's concurrency (PGlite runs one statement at a time): the races the product must win.
  'e2e/interviews/interviews-expiry', // replicas sweeping at once expire each interview once
  'e2e/interviews/interviews-create', // batched creations of one company side by side (decision 059)
  'e2e/candidate/take-storage', // two uploads at once when only one fits the quota
  'e2e/sharing/basic-share-links', // concurrent first POSTs get one link
  'e2e/jobs/open-interviews', // an open interview's daily cap under concurrent applications
  // Redis instead of each replica's memory: limits and idempotency records shared by replicas.
  'e2e/gateway/rate-limit',
  'e2e/gateway/idempotency', // identical requests racing on two replicas create one resource
  'e2e/sharing/public-share-rate-limit',
  'e2e/identity/web-sessions', // sign-in failure limits
  // The distributed paths: several gateway replicas over one bus, start:services' processes (left out of the
  // embedded run by jest.config.js).
  'e2e/launcher/start-services',
  'e2e/live/*', // live rooms across replicas (signaling, chat, room security) over the bus
  'e2e/web/live-call', // the recorded browser call with its two pages on different replicas
  'e2e/web/live-call-gateway-loss', // a replica killed mid-call (real servers only)
];

const { readdirSync } = require('node:fs');
const { dirname, resolve } = require('node:path');

/** A pattern above → a RegExp on the absolute path (`*` is one path segment's part). */
function toRegExp(/** @type {string} */ pattern) {
  const path = resolve(__dirname, pattern)
    .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
    .replace(/\*/g, '[^/]*');
  return new RegExp(`^${path}${pattern.endsWith('.ts') ? '' : '\\.e2e\\.spec\\.ts'}$`);
}

const PATTERNS = [...INTEGRATION, ...E2E];
const SELECTED = PATTERNS.map(toRegExp);

/** The spec files on disk under a pattern's directory (`apps/*` expanded): a pattern naming none is stale. */
function filesUnder(/** @type {string} */ pattern) {
  const dirs = dirname(pattern)
    .split('/')
    .reduce(
      (found, part) => found.flatMap((dir) => (part === '*' ? readdirSync(resolve(__dirname, dir)).map((d) => `${dir}/${d}`) : [`${dir}/${part}`])),
      ['.'],
    );
  return dirs.flatMap((dir) => {
    try {
      return readdirSync(resolve(__dirname, dir)).map((name) => resolve(__dirname, dir, name));
    } catch {
      return [];
    }
  });
}

/** jest's `--filter`: the paths jest found, kept when a pattern above names them. */
module.exports = async function realServerSpecs(/** @type {string[]} */ testPaths) {
  const stale = PATTERNS.filter((pattern, i) => !filesUnder(pattern).some((path) => SELECTED[i].test(path)));
  if (stale.length > 0) throw new Error(`jest.real-servers.js names specs that do not exist (renamed? moved?): ${stale.join(', ')}`);
  return { filtered: testPaths.filter((path) => SELECTED.some((re) => re.test(path))) };
};
module.exports.patterns = { INTEGRATION, E2E };
