import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { buildServices, SERVICES, serviceBundle, staleReason, type ServiceName } from './build-services';
import { LOCAL_RUN_DEFAULTS, loadOrCreateLocalSecrets } from './local-secrets';
import { replicaEnv, startReplica, stopReplica, upstreamUrls, type ServiceProcess } from './service-processes';

const USAGE = `npm run start:services [-- options]

Every service in a process of its own, from the compiled bundles (dist/services, rebuilt when stale), on the
PostgreSQL, NATS and Redis named by DATABASE_URL, NATS_URL and REDIS_URL.

  --replicas N | service=N,...   processes per service (default 1), e.g. --replicas jobs=2,gateway=2
  --node-args="ARGS"             extra node options for every service process, e.g. --node-args="--cpu-prof"
  --port-offset N                add N (0 to 15000) to every port (gateway 8080+N, identity 50051+N, health 9100+N, ...)
  -h, --help                     this text`;

/** The highest offset that keeps every port valid (the highest: assessments' ninth replica, 50137 + N). */
const MAX_PORT_OFFSET = 15_000;

/** This machine's servers (README): PostgreSQL with trust auth for `postgres`, NATS with JetStream, Redis. */
const LOCAL_SERVERS = {
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/video_interviewing',
  NATS_URL: 'nats://127.0.0.1:4222',
  REDIS_URL: 'redis://127.0.0.1:6379',
};

function readOptions(): { replicas: Record<ServiceName, number>; nodeArgs: string[]; portOffset: number } {
  const { values } = parseArgs({
    options: {
      replicas: { type: 'string', default: '1' },
      'node-args': { type: 'string', default: '' },
      'port-offset': { type: 'string', default: '0' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    process.exit(0);
  }
  const replicas = Object.fromEntries(SERVICES.map((service) => [service, 1])) as Record<ServiceName, number>;
  const count = (text: string) => {
    const n = Number(text);
    if (!Number.isInteger(n) || n < 1 || n > 9) throw new Error(`--replicas: "${text}" is not a whole number from 1 to 9`);
    return n;
  };
  if (/^\d+$/.test(values.replicas)) for (const service of SERVICES) replicas[service] = count(values.replicas);
  else
    for (const pair of values.replicas.split(',')) {
      const [service, n = ''] = pair.split('=').map((part) => part.trim());
      if (!SERVICES.includes(service as ServiceName)) throw new Error(`--replicas: unknown service "${service}" (${SERVICES.join(', ')})`);
      replicas[service as ServiceName] = count(n);
    }
  const portOffset = Number(values['port-offset']);
  if (!Number.isInteger(portOffset) || portOffset < 0 || portOffset > MAX_PORT_OFFSET)
    throw new Error(`--port-offset must be a whole number from 0 to ${MAX_PORT_OFFSET}`);
  return { replicas, nodeArgs: values['node-args'].split(/\s+/).filter(Boolean), portOffset };
}

/** The services migrate their own schemas but need the database itself. */
async function ensureDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  if (!name) return;
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`create database "${name.replace(/"/g, '""')}"`);
  } finally {
    await client.end();
  }
}

async function main(): Promise<void> {
  const { replicas, nodeArgs, portOffset } = readOptions();
  const dataDir = process.env.DATA_DIR || './data';
  const secrets = loadOrCreateLocalSecrets(join(dataDir, 'local-secrets.json'));
  const env: NodeJS.ProcessEnv = {
    ...LOCAL_RUN_DEFAULTS,
    ...secrets,
    ...LOCAL_SERVERS,
    ...Object.fromEntries(Object.entries(process.env).filter(([, value]) => value)),
    ...upstreamUrls(replicas, portOffset),
    DATA_DIR: dataDir,
  };
  const stale = staleReason();
  if (stale) {
    const { ms } = await buildServices();
    process.stdout.write(`services built into dist/services in ${ms} ms (${stale})\n`);
  }
  await ensureDatabase(env.DATABASE_URL!);

  const running: ServiceProcess[] = [];
  let stopping = false;
  const stopAll = async (code: number) => {
    if (stopping) return;
    stopping = true;
    // The gateway first (no new requests), then the services in the reverse order of their start.
    for (const replica of [...running].reverse()) await stopReplica(replica);
    process.stdout.write('every service stopped\n');
    process.exit(code);
  };
  process.once('SIGINT', () => void stopAll(0));
  process.once('SIGTERM', () => void stopAll(0));
  // A runner killed outright takes its services with it.
  process.once('exit', () => running.forEach(({ child }) => child.exitCode === null && child.kill('SIGKILL')));

  const watch = (replica: ServiceProcess) => {
    running.push(replica);
    replica.child.once('exit', (code, signal) => {
      if (stopping) return;
      const stopped = `${replica.service} (replica ${replica.replica}, pid ${replica.child.pid}) stopped (${signal ?? `code ${code}`})`;
      // A replica lost while another of its service serves is what a cluster lives through (and what the live call's
      // gateway-loss test does to it): the system goes on. A service with no replica left stops everything.
      const serving = running.filter((r) => r.service === replica.service && r.child.exitCode === null && r.child.signalCode === null);
      if (serving.length > 0) {
        process.stderr.write(`${stopped}; replica ${serving.map((r) => r.replica).join(', ')} goes on serving\n`);
        return;
      }
      process.stderr.write(`${stopped}; stopping the others\n`);
      void stopAll(1);
    });
  };
  try {
    // In dependency order: identity migrates and bootstraps first; the first replica of each service migrates
    // its schema before the others start.
    for (const service of SERVICES) {
      const command = { file: serviceBundle(service), nodeArgs, portOffset };
      const start = (replica: number) => startReplica(service, replica, command, replicaEnv(service, replica, env, portOffset));
      watch(await start(0));
      const others = Array.from({ length: replicas[service] - 1 }, (_, i) => start(i + 1));
      for (const replica of await Promise.all(others)) watch(replica);
    }
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    await stopAll(1);
    return;
  }
  const gateways = running.filter((r) => r.service === 'gateway').map((r) => `http://localhost:${r.ports.serve}/v1.0`);
  const key = env.BOOTSTRAP_ADMIN_API_KEY;
  process.stdout.write(
    [
      '',
      '  Video interviewing is running, one process per service.',
      '',
      ...running.map(
        (r) =>
          `  ${`${r.service}${replicas[r.service] > 1 ? ` #${r.replica}` : ''}`.padEnd(16)}pid ${String(r.child.pid).padEnd(8)}port ${String(r.ports.serve).padEnd(6)}ready in ${r.readyMs} ms`,
      ),
      '',
      `  API             ${gateways.join('  ')}`,
      `  Admin API key   ${key}  (administrator of "${env.BOOTSTRAP_COMPANY_NAME}")`,
      `  Try it          curl -u ${key}: ${gateways[0]}/me`,
      `  Servers         ${redact(env.DATABASE_URL!)}  ${redact(env.NATS_URL!)}  ${redact(env.REDIS_URL!)}`,
      '  Ctrl-C stops every process',
      '',
    ].join('\n') + '\n',
  );
}

/** URLs may carry passwords; the banner shows where, not with what. */
function redact(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
