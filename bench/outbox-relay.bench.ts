/**
 * Benchmark: what the event plumbing costs per event, apart from any service (decision 055). One process records
 * events one at a time through `OutboxStore.statement` (as a creation does) at BENCH_RATE a second, its `OutboxRelay`
 * publishes them to NATS JetStream, and a durable consumer of the same process takes them and acknowledges them. It
 * prints, per event, this process's CPU (the store, the relay, the publishes, the consumer), the CPU of the
 * database's backends serving it, the NATS server's CPU, and the statements this process sent (round trips to the
 * database: `BEGIN` and `COMMIT` count, as each is one).
 *
 *   BENCH_EVENTS=3000 BENCH_RATE=100 npx tsx bench/outbox-relay.bench.ts
 *
 * It uses its own database (BENCH_DATABASE, default vi_bench_outbox_relay, created when missing, a schema per run)
 * and stream (`relaybench<pid>`, deleted at the end), on the machine's PostgreSQL and NATS (BENCH_POSTGRES,
 * NATS_URL).
 */
import { readdirSync, readFileSync } from 'node:fs';
import * as platformBus from '@vi/platform-bus';
import { createLogger } from '@vi/platform-logger';
import { migrateToLatest, openDatabase, sql, type Kysely } from '@vi/platform-postgres';
import { Client } from 'pg';

const { addOutboxTraceContext, createOutboxTable, NatsJetStreamBus, outboxInsert, OutboxRelay, OutboxStore } = platformBus;
const SERVER = process.env.BENCH_POSTGRES ?? 'postgres://postgres@127.0.0.1:5432';
const DATABASE = process.env.BENCH_DATABASE ?? 'vi_bench_outbox_relay';
const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const EVENTS = Number(process.env.BENCH_EVENTS ?? 3000);
const RATE = Number(process.env.BENCH_RATE ?? 100);
const CLOCK_TICKS_PER_SECOND = 100;

// Every statement a pool connection sends, BEGIN and COMMIT included, goes through Client#query.
let statements = 0;
const query = Client.prototype.query as (...args: unknown[]) => unknown;
(Client.prototype as { query: unknown }).query = function (this: Client, ...args: unknown[]) {
  statements++;
  return query.apply(this, args);
};

/** CPU ms of the processes whose command line matches, summed (utime + stime). */
function cpuMsOf(matches: (cmdline: string) => boolean): number {
  let ticks = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (!matches(readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').join(' '))) continue;
      const fields = readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1].split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      continue;
    }
  }
  return (ticks * 1000) / CLOCK_TICKS_PER_SECOND;
}

async function main(): Promise<void> {
  const admin = new Client({ connectionString: `${SERVER}/postgres` });
  await admin.connect();
  const exists = await admin.query('select 1 from pg_database where datname = $1', [DATABASE]);
  if (exists.rowCount === 0) await admin.query(`create database ${DATABASE}`);
  await admin.end();

  const schema = `relay_bench_${process.pid}`;
  const logger = createLogger('outbox-relay-bench', 'silent');
  const database = await openDatabase<{ outbox: platformBus.OutboxTable }>({ url: `${SERVER}/${DATABASE}`, schema, logger });
  await migrateToLatest(database.db, schema, {
    '0001_outbox': {
      up: async (db) => {
        await createOutboxTable(db);
        await addOutboxTraceContext(db);
        // The claim's column, where this checkout has it (the code before decision 055 has none).
        const claims = (platformBus as Record<string, unknown>).addOutboxClaims as ((db: Kysely<unknown>) => Promise<void>) | undefined;
        if (claims) await claims(db);
      },
    },
  });
  const bus = await NatsJetStreamBus.connect({ url: NATS_URL, streamRoot: `relaybench${process.pid}`, logger });
  const relay = new OutboxRelay(database.db, bus, logger);
  const store = new OutboxStore(database.db, relay, () => ({}));
  relay.start();
  let received = 0;
  let allReceived: () => void = () => undefined;
  const done = new Promise<void>((resolve) => (allReceived = resolve));
  const subscription = await bus.consume({
    durable: 'bench',
    subjects: ['bench.>'],
    handler: async () => {
      if (++received === EVENTS) allReceived();
    },
  });

  const backends = (cmdline: string) => cmdline.startsWith('postgres: ') && cmdline.includes(` ${DATABASE} `);
  const natsServer = (cmdline: string) => /(^|\/)nats-server( |$)/.test(cmdline);

  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const before = { cpu: process.cpuUsage(), pg: cpuMsOf(backends), nats: cpuMsOf(natsServer), statements, at: Date.now() };
  for (let n = 0; n < EVENTS; n++) {
    const due = before.at + (n * 1000) / RATE;
    if (due > Date.now()) await new Promise((resolve) => setTimeout(resolve, due - Date.now()));
    void store.statement(({ events }) => outboxInsert(events([{ subject: 'bench.thing.created', payload: { n, name: `thing ${n}` } }])).execute(database.db));
  }
  await done;
  const elapsed = (Date.now() - before.at) / 1000;
  const cpu = process.cpuUsage(before.cpu);
  const pg = cpuMsOf(backends) - before.pg;
  const nats = cpuMsOf(natsServer) - before.nats;
  const sent = statements - before.statements;
  await relay.stop();

  const per = (value: number) => (value / EVENTS).toFixed(3);
  console.log(`${EVENTS} events at ${RATE}/s, all consumed after ${elapsed.toFixed(1)} s`);
  console.log('per event | node ms | pg ms | nats ms | statements');
  console.log(`          | ${per((cpu.user + cpu.system) / 1000)} | ${per(pg)} | ${per(nats)} | ${per(sent)}`);

  await subscription.close();
  await bus.deleteStream();
  await bus.close();
  await sql`drop schema ${sql.id(schema)} cascade`.execute(database.db);
  await database.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
