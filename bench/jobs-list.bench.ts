/**
 * Benchmark: one page of `GET /jobs` for a company with 100,000 jobs.
 *
 * Goal: a sorted, filtered page stays under 20 ms (p95), for every `orderby` ×
 * status filter, on the first page and at offset 1,000.
 *
 * It creates a throw-away database `vi_bench_<random>` on BENCH_DATABASE_URL,
 * applies the jobs service's real migrations, seeds it with set-based SQL, then
 * times what the list use case does for one request (minus identity's name
 * lookup): `JobRepository.listCounted()`, the page and the counter row in one
 * statement (`JobCounterRepository.read()` only for an empty page).
 * The database is dropped at the end, also on failure or Ctrl-C.
 *
 *   npm run bench:jobs
 *   BENCH_DATABASE_URL=postgres://user@127.0.0.1:5432/postgres npm run bench:jobs
 *
 * Exit code 0: every case's p95 is under budget; 1: a case is over budget, or a
 * page came back wrong; 2: the benchmark could not run.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { CompiledQuery, type KyselyPlugin, type RootOperationNode } from 'kysely';
import { Client } from 'pg';
import { migrateToLatest, openDatabase, sql, type Database, type Kysely } from '@vi/platform-postgres';
import { jobsMigrations } from '../apps/jobs/migrations';
import { JOB_ORDERS, type Job, type JobOrder, type JobStatus } from '../apps/jobs/src/domain/job';
import { JobCounterRepository } from '../apps/jobs/src/infrastructure/job-counter.repository';
import type { JobListQuery } from '../apps/jobs/src/application/store';
import { JobRepository } from '../apps/jobs/src/infrastructure/job.repository';
import type { JobsDatabase } from '../apps/jobs/src/infrastructure/jobs.database';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SCHEMA = 'jobs';

const BUDGET_P95_MS = 20;
const BIG_COMPANY_JOBS = 100_000;
const SMALL_COMPANY_JOBS = 20_000;
/** Soft-deleted jobs on top of the live ones: excluded by the partial indexes, never listed. */
const DELETED_FRACTION = 0.02;
const LOCATIONS_PER_COMPANY = 500;
const PAGE_SIZE = 50;
const OFFSETS = [0, 1_000];
const STATUS_FILTERS: JobStatus[][] = [[], ['active'], ['inactive']];
const WARMUPS = 10;
const RUNS = 100;
/** Hard stop: the whole run (seeding included) takes 15–30 s on 2 cores. */
const DEADLINE_MS = 5 * 60_000;

// Word lists for the seed: few enough that titles and cities repeat a lot (ties broken by uuid).
const LEVELS = ['Senior', 'Junior', 'Lead', 'Principal', 'Staff', 'Associate', 'Head of', 'intern'];
const ROLES = [
  'Software Engineer',
  'Backend Developer',
  'frontend developer',
  'Data Analyst',
  'Data Engineer',
  'Product Manager',
  'Product Designer',
  'QA Engineer',
  'DevOps Engineer',
  'Site Reliability Engineer',
  'Account Executive',
  'Sales Development Representative',
  'Customer Success Manager',
  'Support Specialist',
  'Recruiter',
  'HR Business Partner',
  'Financial Analyst',
  'Accountant',
  'Marketing Manager',
  'Content Writer',
  'Warehouse Associate',
  'Delivery Driver',
  'Store Manager',
  'Registered Nurse',
  'Pharmacist',
  'Teacher',
  'Electrician',
  'Mechanical Engineer',
  'Office Manager',
  'Legal Counsel',
];
const SUFFIXES = ['', '', '', ' (Remote)', ' - Night Shift', ' II', ' III'];
const CITIES = [
  'Amsterdam',
  'Austin',
  'Barcelona',
  'Berlin',
  'Boston',
  'Chicago',
  'Dublin',
  'Hamburg',
  'Lisbon',
  'London',
  'Lyon',
  'Madrid',
  'Milan',
  'Munich',
  'New York',
  'Paris',
  'Porto',
  'Prague',
  'Rome',
  'San Francisco',
  'Seattle',
  'Stockholm',
  'Toronto',
  'Vienna',
  'Warsaw',
];
const REGIONS: [state: string, country: string][] = [
  ['', 'Netherlands'],
  ['Texas', 'United States'],
  ['Catalonia', 'Spain'],
  ['', 'Germany'],
  ['Massachusetts', 'United States'],
  ['Illinois', 'United States'],
  ['', 'Ireland'],
  ['Hamburg', 'Germany'],
  ['', 'Portugal'],
  ['England', 'United Kingdom'],
  ['Auvergne-Rhône-Alpes', 'France'],
  ['', 'Spain'],
  ['Lombardy', 'Italy'],
  ['Bavaria', 'Germany'],
  ['New York', 'United States'],
  ['Île-de-France', 'France'],
  ['', 'Czechia'],
  ['Lazio', 'Italy'],
  ['California', 'United States'],
  ['Ontario', 'Canada'],
];

interface Case {
  orderBy: JobOrder;
  statuses: JobStatus[];
  offset: number;
}

interface Result {
  case: Case;
  p50: number;
  p95: number;
  max: number;
  index: string;
  problem?: string;
}

interface Company {
  uuid: string;
  jobs: number;
}

async function main(): Promise<number> {
  const adminUrl = new URL(ADMIN_URL);
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(adminUrl.hostname)) {
    console.warn(`note: ${adminUrl.hostname} is not this machine; network latency is part of every timing`);
  }
  const databaseName = `vi_bench_${randomBytes(6).toString('hex')}`;
  const admin = new Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 5_000 });
  await admin.connect();
  let database: Database<JobsDatabase> | undefined;
  let cleaned: Promise<void> | undefined;
  const cleanup = (): Promise<void> =>
    (cleaned ??= (async () => {
      await database?.close().catch(() => undefined);
      await admin.query(`drop database if exists ${databaseName} with (force)`);
      await admin.end();
      console.log(`dropped database ${databaseName}`);
    })());
  const interrupt = (signal: string, code: number) => (): void => {
    console.error(`\n${signal}: stopping`);
    cleanup().then(
      () => process.exit(code),
      () => process.exit(code),
    );
  };
  process.once('SIGINT', interrupt('SIGINT', 130));
  process.once('SIGTERM', interrupt('SIGTERM', 143));
  const deadline = setTimeout(interrupt(`deadline of ${DEADLINE_MS / 1000} s reached`, 2), DEADLINE_MS);
  deadline.unref();

  try {
    const { rows } = await admin.query<{ version: string }>(`select current_setting('server_version') as version`);
    await admin.query(`create database ${databaseName}`);
    // Nothing in the benchmark may hang: every statement of the bench database has a time limit.
    await admin.query(`alter database ${databaseName} set statement_timeout = '120s'`);
    const url = new URL(ADMIN_URL);
    url.pathname = `/${databaseName}`;
    console.log(`PostgreSQL ${rows[0]?.version ?? '?'} at ${url.host}, database ${databaseName}`);

    database = await openDatabase<JobsDatabase>({ url: url.toString(), schema: SCHEMA });
    const db = database.db;
    await migrateToLatest(db, SCHEMA, jobsMigrations);

    const big: Company = { uuid: randomUUID(), jobs: BIG_COMPANY_JOBS };
    const small: Company = { uuid: randomUUID(), jobs: SMALL_COMPANY_JOBS };
    let started = performance.now();
    for (const company of [big, small]) await seedCompany(db, company);
    await seedCounters(db);
    await sql`analyze`.execute(db);
    const stats = await sql<{ live: number; deleted: number; size: string }>`
      select count(*) filter (where deleted_at is null)::int as live, count(*) filter (where deleted_at is not null)::int as deleted,
             pg_size_pretty(pg_total_relation_size('jobs')) as size
      from jobs`.execute(db);
    const seeded = stats.rows[0];
    console.log(
      `seeded ${seeded?.live ?? 0} live + ${seeded?.deleted ?? 0} deleted jobs in 2 companies ` +
        `(${BIG_COMPANY_JOBS} + ${SMALL_COMPANY_JOBS}; table + indexes ${seeded?.size ?? '?'}) in ${seconds(started)} s`,
    );

    const counts = await new JobCounterRepository(db).read(big.uuid);
    const cases: Case[] = JOB_ORDERS.flatMap((orderBy) => STATUS_FILTERS.flatMap((statuses) => OFFSETS.map((offset) => ({ orderBy, statuses, offset }))));
    console.log(`timing ${cases.length} cases × ${RUNS} runs (after ${WARMUPS} warm-ups), page of ${PAGE_SIZE}, budget p95 < ${BUDGET_P95_MS} ms\n`);
    started = performance.now();
    const results: Result[] = [];
    for (const c of cases) results.push(await measure(db, big.uuid, c, counts));
    console.log(`timed in ${seconds(started)} s\n`);

    printTable(results);

    const slowest = results.reduce((a, b) => (b.p95 > a.p95 ? b : a));
    console.log(`\nslowest case: ${label(slowest.case)} (p95 ${ms(slowest.p95)} ms); EXPLAIN (ANALYZE, BUFFERS):\n`);
    console.log(indent(await explain(db, query(big.uuid, slowest.case), 'analyze, buffers')));

    const over = results.filter((r) => r.p95 >= BUDGET_P95_MS);
    const wrong = results.filter((r) => r.problem);
    for (const r of wrong) console.error(`WRONG PAGE ${label(r.case)}: ${r.problem ?? ''}`);
    if (over.length > 0) {
      console.error(`\nFAIL: ${over.length} of ${results.length} cases have p95 ≥ ${BUDGET_P95_MS} ms:`);
      for (const r of over) console.error(`  ${label(r.case)}: p95 ${ms(r.p95)} ms (${r.index})`);
    }
    if (over.length > 0 || wrong.length > 0) return 1;
    console.log(`\nPASS: every case has p95 < ${BUDGET_P95_MS} ms (worst ${ms(slowest.p95)} ms)`);
    return 0;
  } finally {
    clearTimeout(deadline);
    await cleanup();
  }
}

/** Locations, then live and soft-deleted jobs, all with set-based SQL. */
async function seedCompany(db: Kysely<JobsDatabase>, company: Company): Promise<void> {
  const users = Array.from({ length: 20 }, () => randomUUID());
  // 500 distinct addresses: 25 cities × 20 regions, and one "Remote".
  await sql`
    insert into locations (uuid, company_uuid, formatted_address, city, state, country, work_mode, work_place, created_at)
    select gen_random_uuid(), ${company.uuid}::uuid,
           case when i = 0 then 'Remote' else concat_ws(', ', city, nullif(state, ''), country) end,
           case when i = 0 then null else city end, case when i = 0 then null else state end, case when i = 0 then null else country end,
           case when i = 0 then 'remote' end, case when i = 0 then '' end,
           now() - interval '730 days' * random()
    from generate_series(0, ${LOCATIONS_PER_COMPANY - 1}) i,
         lateral (select (${CITIES}::text[])[1 + i % ${CITIES.length}] as city,
                         (${REGIONS.map((r) => r[0])}::text[])[1 + (i / ${CITIES.length}) % ${REGIONS.length}] as state,
                         (${REGIONS.map((r) => r[1])}::text[])[1 + (i / ${CITIES.length}) % ${REGIONS.length}] as country) parts`.execute(db);

  const deleted = Math.round(company.jobs * DELETED_FRACTION);
  // Popular locations get more jobs (random()² skews towards the first ones);
  // ~70% active; created over two years, updated some time after creation.
  // Timestamps in milliseconds, as the service stores them (JavaScript dates).
  await sql`
    with locs as materialized (
      select uuid, formatted_address, (row_number() over (order by uuid) - 1)::int as idx
      from locations where company_uuid = ${company.uuid}::uuid
    ), src as materialized (
      select g, floor(${LOCATIONS_PER_COMPANY} * power(random(), 2))::int as loc_idx,
             random() as r_status, random() as r_created, random() as r_updated, random() as r_status_at,
             (${LEVELS}::text[])[1 + floor(random() * ${LEVELS.length})::int] || ' ' ||
             (${ROLES}::text[])[1 + floor(random() * ${ROLES.length})::int] ||
             (${SUFFIXES}::text[])[1 + floor(random() * ${SUFFIXES.length})::int] as title,
             floor(random() * 20)::int as user_idx
      from generate_series(1, ${company.jobs + deleted}) g
    )
    insert into jobs (uuid, company_uuid, title, description, status, location_uuid, location_address, created_by,
                      status_updated_by, created_at, updated_at, status_updated_at, deleted_at)
    select gen_random_uuid(), ${company.uuid}::uuid, src.title,
           repeat('We are hiring. You will work with a small team on interesting problems; we offer a fair salary and flexible hours. ', 1 + src.g % 12),
           case when src.g > ${company.jobs} or src.r_status >= 0.7 then 'inactive' else 'active' end,
           l.uuid, l.formatted_address,
           (${users}::uuid[])[1 + src.user_idx], (${users}::uuid[])[1 + (src.user_idx + 1) % 20],
           t.created_at, t.updated_at, date_trunc('milliseconds', t.created_at + (t.updated_at - t.created_at) * src.r_status_at),
           case when src.g > ${company.jobs} then t.updated_at end
    from src
    join locs l on l.idx = src.loc_idx
    cross join lateral (
      select date_trunc('milliseconds', now() - interval '730 days' * src.r_created) as created_at,
             date_trunc('milliseconds', now() - interval '730 days' * src.r_created * (1 - src.r_updated)) as updated_at
    ) t`.execute(db);
}

/** The counter rows hold the true counts, as the service keeps them. */
async function seedCounters(db: Kysely<JobsDatabase>): Promise<void> {
  await sql`
    insert into company_job_counters (company_uuid, active, inactive)
    select company_uuid, count(*) filter (where status = 'active'), count(*) filter (where status = 'inactive')
    from jobs where deleted_at is null group by company_uuid`.execute(db);
}

function query(companyUuid: string, c: Case): JobListQuery {
  return { companyUuid, statuses: c.statuses, orderBy: c.orderBy, offset: c.offset, limit: PAGE_SIZE };
}

/** One request of the list use case: the page with the counter row, then the total. */
async function listPage(jobs: JobRepository, counters: JobCounterRepository, q: JobListQuery): Promise<{ page: Job[]; total: number }> {
  const counted = await jobs.listCounted(q);
  const page = counted.jobs;
  const counts = counted.counts ?? (await counters.read(q.companyUuid));
  const statuses = q.statuses.length === 0 ? ['active', 'inactive'] : q.statuses;
  const total = (statuses.includes('active') ? counts.active : 0) + (statuses.includes('inactive') ? counts.inactive : 0);
  return { page, total };
}

async function measure(db: Kysely<JobsDatabase>, companyUuid: string, c: Case, counts: { active: number; inactive: number }): Promise<Result> {
  const jobs = new JobRepository(db);
  const counters = new JobCounterRepository(db);
  const q = query(companyUuid, c);
  const samples: number[] = [];
  let last: { page: Job[]; total: number } | undefined;
  for (let i = 0; i < WARMUPS + RUNS; i++) {
    const start = process.hrtime.bigint();
    last = await listPage(jobs, counters, q);
    const elapsed = Number(process.hrtime.bigint() - start) / 1e6;
    if (i >= WARMUPS) samples.push(elapsed);
  }
  samples.sort((a, b) => a - b);
  const expectedTotal = c.statuses.length === 0 ? counts.active + counts.inactive : c.statuses[0] === 'active' ? counts.active : counts.inactive;
  const result: Result = {
    case: c,
    p50: percentile(samples, 50),
    p95: percentile(samples, 95),
    max: samples[samples.length - 1] ?? NaN,
    index: await indexesUsed(db, q),
    problem: last && check(last, c, expectedTotal, companyUuid),
  };
  console.log(`  ${label(c).padEnd(42)} p50 ${ms(result.p50).padStart(6)}  p95 ${ms(result.p95).padStart(6)} ms`);
  return result;
}

/** The page must be full, of the company, filtered and in the requested order (titles and addresses are ASCII-only or compared lower-cased). */
function check(result: { page: Job[]; total: number }, c: Case, expectedTotal: number, companyUuid: string): string | undefined {
  const { page, total } = result;
  if (total !== expectedTotal) return `total ${total}, expected ${expectedTotal}`;
  if (page.length !== PAGE_SIZE) return `${page.length} jobs, expected ${PAGE_SIZE}`;
  if (page.some((job) => job.companyUuid !== companyUuid)) return 'a job of another company';
  if (c.statuses.length === 1 && page.some((job) => job.status !== c.statuses[0])) return `a job not ${c.statuses[0]}`;
  const [key, direction] = c.orderBy.split('_') as [string, 'asc' | 'desc'];
  const sortKey = (job: Job): string | number =>
    key === 'title'
      ? job.title.toLowerCase()
      : key === 'location'
        ? job.locationAddress.toLowerCase()
        : (key === 'updated' ? job.updatedAt : job.createdAt).getTime();
  for (let i = 1; i < page.length; i++) {
    const a = page[i - 1];
    const b = page[i];
    const cmp = compare(sortKey(a), sortKey(b)) || compare(a.uuid, b.uuid);
    if ((direction === 'asc' ? cmp : -cmp) > 0) return `out of order at position ${c.offset + i}`;
  }
  return undefined;
}

function compare(a: string | number, b: string | number): number {
  if (typeof a === 'string' && typeof b === 'string') {
    // Byte order, as collation "C": compare UTF-8 encodings.
    return Buffer.compare(Buffer.from(a), Buffer.from(b));
  }
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The SQL the repository runs for a query, captured with a pass-through plugin, explained with its parameters. */
async function explain(db: Kysely<JobsDatabase>, q: JobListQuery, options: string): Promise<string> {
  let captured: RootOperationNode | undefined;
  const capture: KyselyPlugin = {
    transformQuery: (args) => (captured = args.node),
    transformResult: async (args) => args.result,
  };
  await new JobRepository(db.withPlugin(capture)).listCounted(q);
  if (!captured) throw new Error('the repository ran no query');
  const compiled = db.getExecutor().compileQuery(captured, { queryId: 'bench-explain' });
  const plan = await db.executeQuery<Record<string, unknown>>(CompiledQuery.raw(`explain (${options}) ${compiled.sql}`, [...compiled.parameters]));
  return plan.rows.map((row) => (typeof row['QUERY PLAN'] === 'string' ? row['QUERY PLAN'] : JSON.stringify(row['QUERY PLAN']))).join('\n');
}

/** The scan nodes of the plan, e.g. "Index Scan Backward jobs_by_status_title_key". */
async function indexesUsed(db: Kysely<JobsDatabase>, q: JobListQuery): Promise<string> {
  const text = await explain(db, q, 'costs off');
  const scans = text
    .split('\n')
    .map((line) => /(Index Only Scan(?: Backward)?|Index Scan(?: Backward)?|Bitmap Index Scan|Seq Scan) (?:using (\S+) )?on (\S+)/.exec(line))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => `${m[1]} ${m[2] ?? m[3]}`);
  const sort = /^\s*(?:->\s*)?(Incremental Sort|Sort)\b/m.test(text) ? ' + Sort' : '';
  return scans.join(', ') + sort;
}

function printTable(results: Result[]): void {
  const header = ['orderby', 'status', 'offset', 'p50 ms', 'p95 ms', 'max ms', 'ok', 'plan'];
  const rows = results.map((r) => [
    r.case.orderBy,
    r.case.statuses.length === 0 ? 'any' : r.case.statuses.join(','),
    String(r.case.offset),
    ms(r.p50),
    ms(r.p95),
    ms(r.max),
    r.problem ? 'WRONG' : r.p95 < BUDGET_P95_MS ? 'yes' : 'SLOW',
    r.index,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => (row[i] ?? '').length)));
  const numeric = new Set([2, 3, 4, 5]);
  const line = (cells: string[]): string =>
    cells
      .map((cell, i) => (numeric.has(i) ? cell.padStart(widths[i] ?? 0) : cell.padEnd(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
}

/** Nearest-rank percentile of sorted samples. */
function percentile(sorted: number[], p: number): number {
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

function label(c: Case): string {
  return `${c.orderBy} status=${c.statuses.length === 0 ? 'any' : c.statuses.join(',')} offset=${c.offset}`;
}

const ms = (value: number): string => value.toFixed(2);
const seconds = (since: number): string => ((performance.now() - since) / 1000).toFixed(1);
const indent = (text: string): string => text.replace(/^/gm, '    ');

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('benchmark failed:', error);
    process.exit(2);
  },
);
