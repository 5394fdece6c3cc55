/**
 * Benchmark: one page of `GET /interviews` for a company with 1,000,000 interviews.
 *
 * Goal: a sorted, filtered page stays under 20 ms (p95), for every `orderby`
 * without a filter and for a representative set of `type[]`/`status[]` filters
 * (each with every `orderby`), on the first page and at offset 1,000.
 *
 * It creates a throw-away database `vi_bench_<random>` on BENCH_DATABASE_URL,
 * applies the interviews service's real migrations, seeds it with set-based SQL,
 * then times what the list use case (`listInterviews`) does for one request:
 * `InterviewRepository.page()` (the page, the projections of its jobs, people and company, and the total, in one
 * prepared statement), then `renderInterviewsFrom()`.
 * The database is dropped at the end, also on failure, on Ctrl-C and at the deadline.
 *
 *   npm run bench:interviews
 *   BENCH_DATABASE_URL=postgres://user@127.0.0.1:5432/postgres npm run bench:interviews
 *
 * Exit code 0: every case's p95 is under budget; 1: a case is over budget, or a
 * page came back wrong; 2: the benchmark could not run.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { CompiledQuery, type KyselyPlugin, type RootOperationNode } from 'kysely';
import { Client } from 'pg';
import type { interviews } from '@vi/contracts';
import { migrateToLatest, openDatabase, sql, type Database, type Kysely } from '@vi/platform-postgres';
import { interviewsMigrations } from '../apps/interviews/migrations';
import { renderInterviewsFrom } from '../apps/interviews/src/application/interview-rendering';
import { INTERVIEW_ORDERS, type Interview, type InterviewOrder } from '../apps/interviews/src/domain/interview';
import type { InterviewStatus, InterviewType } from '../apps/interviews/src/domain/interview-status';
import type { InterviewsDatabase } from '../apps/interviews/src/infrastructure/interviews.database';
import type { InterviewListQuery, InterviewsRepositories } from '../apps/interviews/src/application/store';
import { InterviewRepository } from '../apps/interviews/src/infrastructure/interview.repository';
import { sqlInterviewsRepositories } from '../apps/interviews/src/infrastructure/interviews.store';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SCHEMA = 'interviews';

const BUDGET_P95_MS = 20;
const BIG_COMPANY_INTERVIEWS = 1_000_000;
const SMALL_COMPANY_INTERVIEWS = 100_000;
/** Soft-deleted interviews on top of the live ones: excluded by the partial indexes, never listed or counted. */
const DELETED_FRACTION = 0.01;
/** Job seekers (people), shared by both companies: nearly all of them are someone's candidate. */
const CANDIDATES = 300_000;
/** Company users (people) who send interviews, per company. */
const RECRUITERS = 20;
/** Job posts per company: ~200 in all. */
const BIG_COMPANY_JOBS = 170;
const SMALL_COMPANY_JOBS = 30;
/** Interviews are inserted in statements of at most this many rows (each well within the statement timeout). */
const SEED_CHUNK = 250_000;
const PAGE_SIZE = 50;
const OFFSETS = [0, 1_000];
/** No filter, then the representative filters; each is timed with every `orderby`. */
const FILTERS: Filter[] = [
  { types: [], statuses: [] },
  { types: [], statuses: ['completed'] },
  { types: [], statuses: ['requested', 'accepted'] },
  { types: ['live'], statuses: [] },
  { types: ['one_way'], statuses: ['expired'] },
];
const WARMUPS = 10;
const RUNS = 100;
/** Runs of a case whose warm-ups are already over budget (median ≥ the budget): it fails either way. */
const SLOW_RUNS = 50;
/**
 * Time caps per case, so that a case taking seconds per request cannot push the run past its deadline:
 * warm-ups stop after 2 s (at least 2), timed runs after 5 s (at least 5). Only cases far over budget
 * (≥ 100 ms a request) reach a cap; the table's `runs` column shows it.
 */
const WARMUP_CAP_MS = 2_000;
const RUNS_CAP_MS = 5_000;
const MIN_WARMUPS = 2;
const MIN_RUNS = 5;
/** Hard stop: the whole run (seeding included) takes 4–6 minutes on 2 cores. */
const DEADLINE_MS = 8 * 60_000;

// Word lists for the seed: names and titles repeat a lot, so the uuid tie-break is exercised.
const FIRST_NAMES = [
  'James',
  'Mary',
  'John',
  'Patricia',
  'Robert',
  'Jennifer',
  'Michael',
  'Linda',
  'David',
  'Elizabeth',
  'William',
  'Barbara',
  'Richard',
  'Susan',
  'Joseph',
  'Jessica',
  'Thomas',
  'Sarah',
  'Carlos',
  'Maria',
  'Ahmed',
  'Fatima',
  'Wei',
  'Mei',
  'Hiroshi',
  'Yuki',
  'Olga',
  'Ivan',
  'Lukas',
  'Anna',
  'Mohammed',
  'Aisha',
  'Pierre',
  'Camille',
  'Giulia',
  'Marco',
  'Sven',
  'Ingrid',
  'Raj',
  'Priya',
];
const LAST_NAMES = [
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Jones',
  'Garcia',
  'Miller',
  'Davis',
  'Rodriguez',
  'Martinez',
  'Hernandez',
  'Lopez',
  'Gonzalez',
  'Wilson',
  'Anderson',
  'Taylor',
  'Moore',
  'Jackson',
  'Martin',
  'Lee',
  'Thompson',
  'White',
  'Harris',
  'Clark',
  'Lewis',
  'Robinson',
  'Walker',
  'Young',
  'Allen',
  'King',
  'Wright',
  'Scott',
  'Nguyen',
  'Hill',
  'Flores',
  'Green',
  'Adams',
  'Nelson',
  'Baker',
  'Hall',
  'Müller',
  'Schmidt',
  'Rossi',
  'Dubois',
  'Kowalski',
  'Novak',
  'Tanaka',
  'Kim',
  'Singh',
  "O'Brien",
];
const LEVELS = ['Senior', 'Junior', 'Lead', 'Principal', 'Staff', 'Associate', 'Head of', 'intern'];
const ROLES = [
  'Software Engineer',
  'Backend Developer',
  'frontend developer',
  'Data Analyst',
  'Product Manager',
  'Product Designer',
  'QA Engineer',
  'DevOps Engineer',
  'Account Executive',
  'Customer Success Manager',
  'Support Specialist',
  'Recruiter',
  'Financial Analyst',
  'Marketing Manager',
  'Warehouse Associate',
  'Delivery Driver',
  'Store Manager',
  'Registered Nurse',
  'Teacher',
  'Electrician',
];
const SUFFIXES = ['', '', '', ' (Remote)', ' - Night Shift', ' II'];
const TIMEZONES = ['Europe/Berlin', 'Europe/London', 'America/New_York', 'America/Los_Angeles', 'Asia/Tokyo', 'UTC'];

interface Filter {
  types: InterviewType[];
  statuses: InterviewStatus[];
}

interface Case extends Filter {
  orderBy: InterviewOrder;
  offset: number;
}

interface Result {
  case: Case;
  runs: number;
  p50: number;
  p95: number;
  max: number;
  plan: string;
  problem?: string;
}

interface Company {
  uuid: string;
  /** 1 or 2: part of the deterministic uuids of its users and job posts. */
  n: number;
  name: string;
  interviews: number;
  jobs: number;
}

/** One list request as the use case returns it. */
interface ListResult {
  page: Interview[];
  rendered: interviews.Interview[];
  total: number;
}

async function main(): Promise<number> {
  const adminUrl = new URL(ADMIN_URL);
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(adminUrl.hostname)) {
    console.warn(`note: ${adminUrl.hostname} is not this machine; network latency is part of every timing`);
  }
  const databaseName = `vi_bench_${randomBytes(6).toString('hex')}`;
  const admin = new Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 5_000 });
  await admin.connect();
  let database: Database<InterviewsDatabase> | undefined;
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
  const runStarted = performance.now();

  try {
    const { rows } = await admin.query<{ version: string }>(`select current_setting('server_version') as version`);
    await admin.query(`create database ${databaseName}`);
    // Nothing in the benchmark may hang: every statement of the bench database has a time limit.
    await admin.query(`alter database ${databaseName} set statement_timeout = '120s'`);
    const url = new URL(ADMIN_URL);
    url.pathname = `/${databaseName}`;
    console.log(`PostgreSQL ${rows[0]?.version ?? '?'} at ${url.host}, database ${databaseName}`);

    database = await openDatabase<InterviewsDatabase>({ url: url.toString(), schema: SCHEMA });
    const db = database.db;
    await migrateToLatest(db, SCHEMA, interviewsMigrations);

    const tag = randomBytes(4).toString('hex');
    const now = new Date();
    now.setUTCMilliseconds(0);
    const big: Company = { uuid: randomUUID(), n: 1, name: 'Acme Logistics', interviews: BIG_COMPANY_INTERVIEWS, jobs: BIG_COMPANY_JOBS };
    const small: Company = { uuid: randomUUID(), n: 2, name: 'beta Retail Group', interviews: SMALL_COMPANY_INTERVIEWS, jobs: SMALL_COMPANY_JOBS };
    let started = performance.now();
    await seedPeopleAndCompanies(db, tag, now, [big, small]);
    await withoutSecondaryIndexes(db, async () => {
      for (const company of [big, small]) await seedInterviews(db, tag, now, company);
      console.log(`  interviews inserted (${seconds(started)} s)`);
    });
    console.log(`  indexes recreated (${seconds(started)} s)`);
    await seedCounters(db);
    // A table of this size in production has been vacuumed (hint bits set, visibility map current): measure
    // that state, and keep autovacuum from starting on the fresh rows while timing.
    await sql`vacuum (analyze) interviews`.execute(db);
    await sql`analyze`.execute(db);
    const stats = await sql<{ live: number; deleted: number; people: number; jobs: number; size: string }>`
      select count(*) filter (where deleted_at is null)::int as live, count(*) filter (where deleted_at is not null)::int as deleted,
             (select count(*) from people)::int as people, (select count(*) from job_posts)::int as jobs,
             pg_size_pretty(pg_total_relation_size('interviews')) as size
      from interviews`.execute(db);
    const seeded = stats.rows[0];
    console.log(
      `seeded ${seeded?.live ?? 0} live + ${seeded?.deleted ?? 0} deleted interviews in 2 companies ` +
        `(${BIG_COMPANY_INTERVIEWS} + ${SMALL_COMPANY_INTERVIEWS}; table + indexes ${seeded?.size ?? '?'}), ` +
        `${seeded?.people ?? 0} people, ${seeded?.jobs ?? 0} job posts in ${seconds(started)} s`,
    );
    console.log(`${big.name}: ${await mix(db, big.uuid)}\n`);

    // Expected totals counted from the rows themselves, not from the counters the list reads.
    const expected = new Map<Filter, number>();
    for (const filter of FILTERS) expected.set(filter, await countRows(db, big.uuid, filter));
    const cases: Case[] = FILTERS.flatMap((filter) => INTERVIEW_ORDERS.flatMap((orderBy) => OFFSETS.map((offset) => ({ ...filter, orderBy, offset }))));
    console.log(
      `timing ${cases.length} cases × ${RUNS} runs (${SLOW_RUNS} when the warm-ups are over budget; after ${WARMUPS} warm-ups), ` +
        `page of ${PAGE_SIZE}, budget p95 < ${BUDGET_P95_MS} ms\n`,
    );
    started = performance.now();
    const repos = sqlInterviewsRepositories(db);
    const results: Result[] = [];
    for (const c of cases) results.push(await measure(db, repos, big, c, expected.get(filterOf(c)) ?? NaN));
    console.log(`timed in ${seconds(started)} s\n`);

    printTable(results);

    const slowest = results.reduce((a, b) => (b.p95 > a.p95 ? b : a));
    console.log(`\nslowest case: ${label(slowest.case)} (p95 ${ms(slowest.p95)} ms); EXPLAIN (ANALYZE, BUFFERS) of its page query:\n`);
    console.log(indent(await explain(db, query(big.uuid, slowest.case), 'analyze, buffers')));

    const over = results.filter((r) => r.p95 >= BUDGET_P95_MS);
    const wrong = results.filter((r) => r.problem);
    for (const r of wrong) console.error(`WRONG PAGE ${label(r.case)}: ${r.problem ?? ''}`);
    console.log(`\nwhole run ${seconds(runStarted)} s`);
    if (over.length > 0) {
      console.error(`\nFAIL: ${over.length} of ${results.length} cases have p95 ≥ ${BUDGET_P95_MS} ms:`);
      for (const r of over) console.error(`  ${label(r.case).padEnd(62)} p95 ${ms(r.p95).padStart(8)} ms  ${r.plan}`);
    }
    if (over.length > 0 || wrong.length > 0) return 1;
    console.log(`\nPASS: every case has p95 < ${BUDGET_P95_MS} ms (worst ${ms(slowest.p95)} ms)`);
    return 0;
  } finally {
    clearTimeout(deadline);
    await cleanup();
  }
}

/** A person's uuid from the seed's tag: the interviews' insert finds candidates and recruiters without a lookup table. */
const candidateUuid = (tag: string, idx: unknown) => sql`md5(${tag} || ':c:' || (${idx}))::uuid`;
const recruiterUuid = (tag: string, company: number, idx: unknown) => sql`md5(${tag} || ':u:' || ${company} || ':' || (${idx}))::uuid`;
const jobUuid = (tag: string, company: number, idx: unknown) => sql`md5(${tag} || ':j:' || ${company} || ':' || (${idx}))::uuid`;

/** Companies, their recruiters and job posts, and the job seekers (names from word lists: many people share a name). */
async function seedPeopleAndCompanies(db: Kysely<InterviewsDatabase>, tag: string, now: Date, companies: Company[]): Promise<void> {
  // First × last name (2,000 pairs), 15% with a middle initial, 5% typed all lower-case; random numbers per row from `r`.
  const typed = sql`(${FIRST_NAMES}::text[])[1 + floor(r_first * ${FIRST_NAMES.length})::int] ||
    case when r_middle < 0.15 then ' ' || chr(65 + floor(r_middle * 173)::int % 26) || '.' else '' end || ' ' ||
    (${LAST_NAMES}::text[])[1 + floor(r_last * ${LAST_NAMES.length})::int]`;
  const name = sql`case when r_case < 0.05 then lower(${typed}) else ${typed} end`;
  await sql`
    insert into people (uuid, name, email, avatar, updated_at)
    select ${candidateUuid(tag, sql`i`)}, ${name},
           'candidate' || i || '@example.com',
           case when i % 3 = 0 then '' else 'https://cdn.example.com/avatars/' || md5(${tag} || ':c:' || i) || '.png' end,
           ${now}::timestamptz - interval '730 days' * r_first
    from (select i, random() as r_first, random() as r_middle, random() as r_last, random() as r_case
          from generate_series(1, ${CANDIDATES}) i) r`.execute(db);

  for (const company of companies) {
    await sql`insert into companies (uuid, name, avatar) values (${company.uuid}, ${company.name}, ${'https://cdn.example.com/logos/' + company.uuid + '.png'})`.execute(
      db,
    );
    await sql`
      insert into people (uuid, name, email, avatar, updated_at)
      select ${recruiterUuid(tag, company.n, sql`i`)}, ${name}, 'recruiter' || i || '@company' || ${company.n} || '.example.com', '',
             ${now}::timestamptz - interval '730 days' * r_first
      from (select i, random() as r_first, random() as r_middle, random() as r_last, random() as r_case
            from generate_series(1, ${RECRUITERS}) i) r`.execute(db);
    await sql`
      insert into job_posts (uuid, company_uuid, title, status, created_at, updated_at, status_updated_at, created_by, location)
      select ${jobUuid(tag, company.n, sql`t.i`)}, ${company.uuid}::uuid,
             (${LEVELS}::text[])[1 + floor(random() * ${LEVELS.length})::int] || ' ' ||
             (${ROLES}::text[])[1 + floor(random() * ${ROLES.length})::int] ||
             (${SUFFIXES}::text[])[1 + floor(random() * ${SUFFIXES.length})::int],
             case when t.i % 4 = 0 then 'inactive' else 'active' end,
             t.created_at, t.created_at + interval '1 day', t.created_at + interval '1 day',
             jsonb_build_object('uuid', p.uuid, 'name', p.name, 'email', p.email, 'avatar', p.avatar),
             jsonb_build_object('uuid', md5(${tag} || ':l:' || t.i)::uuid, 'formatted_address', 'Berlin, Germany')
      from (select i, date_trunc('milliseconds', ${now}::timestamptz - interval '800 days' * random()) as created_at
            from generate_series(1, ${company.jobs}) i) t
      join people p on p.uuid = ${recruiterUuid(tag, company.n, sql`1 + t.i % ${RECRUITERS}`)}`.execute(db);
  }
}

/**
 * A company's interviews, in chunks. 80% one-way; statuses 30% requested, 15% accepted, 35% completed,
 * 15% expired, 5% canceled. Due times (`scheduled_at`) span two years around now: open interviews
 * (requested, accepted) are due in the future (the expiry sweep closes the others), expired ones in the
 * past, completed and canceled ones anywhere; the other timestamps follow from the status. Popular job
 * posts get more interviews. Sort keys copied from the projections, as the service writes them.
 */
async function seedInterviews(db: Kysely<InterviewsDatabase>, tag: string, now: Date, company: Company): Promise<void> {
  const deleted = Math.round(company.interviews * DELETED_FRACTION);
  const total = company.interviews + deleted;
  for (let from = 1; from <= total; from += SEED_CHUNK) {
    const to = Math.min(total, from + SEED_CHUNK - 1);
    await sql`
      with jobs as materialized (
        select uuid, lower(title) as job_key, (row_number() over (order by uuid))::int as idx
        from job_posts where company_uuid = ${company.uuid}::uuid
      ), src as materialized (
        select g, random() as r_type, random() as r_status, random() as r_sched, random() as r_lead, random() as r_a, random() as r_b,
               random() as r_c, 1 + floor(random() * ${CANDIDATES})::int as cand, 1 + floor(${company.jobs} * power(random(), 2))::int as job,
               1 + floor(random() * ${RECRUITERS})::int as usr
        from generate_series(${from}::int, ${to}::int) g
      ), s as (
        select src.*, case when r_type < 0.8 then 'one_way' else 'live' end as type,
               case when r_status < 0.30 then 'requested' when r_status < 0.45 then 'accepted' when r_status < 0.80 then 'completed'
                    when r_status < 0.95 then 'expired' else 'canceled' end as status
        from src
      )
      insert into interviews (uuid, company_uuid, type, status, scheduled_at, completed_at, accepted_at, rating, rated_by, rated_at,
                              timezone, email_message, phone, phone_parsed, has_sms_consent, job_uuid, candidate_uuid, created_by,
                              created_at, updated_at, deleted_at, candidate_name, candidate_key, job_key, company_key)
      select gen_random_uuid(), ${company.uuid}::uuid, s.type, s.status, sc.scheduled_at, ev.completed_at, ev.accepted_at,
             case when s.status = 'completed' and s.r_c < 0.6 then round((1 + 4 * s.r_c / 0.6)::numeric, 1) end,
             case when s.status = 'completed' and s.r_c < 0.6 then ${recruiterUuid(tag, company.n, sql`s.usr`)} end,
             case when s.status = 'completed' and s.r_c < 0.6 then up.updated_at end,
             (${TIMEZONES}::text[])[1 + s.g % ${TIMEZONES.length}],
             repeat('Hello, thank you for applying! Please record your answers to the questions below before the due time. ', 1 + s.g % 4),
             case when s.g % 10 < 7 then '+1 555 ' || lpad((s.g % 10000000)::text, 7, '0') end,
             case when s.g % 10 < 7 then '+1555' || lpad((s.g % 10000000)::text, 7, '0') end,
             s.g % 2 = 0, j.uuid, p.uuid, ${recruiterUuid(tag, company.n, sql`s.usr`)},
             cr.created_at, up.updated_at, case when s.g > ${company.interviews} then up.updated_at end,
             p.name, lower(p.name), j.job_key, lower(${company.name}::text)
      from s
      join jobs j on j.idx = s.job
      join people p on p.uuid = ${candidateUuid(tag, sql`s.cand`)}
      cross join lateral (
        select date_trunc('milliseconds', case
                 when s.status in ('requested', 'accepted') then ${now}::timestamptz + interval '1 hour' + interval '190 days' * s.r_sched
                 when s.status = 'expired' then ${now}::timestamptz - interval '540 days' * s.r_sched
                 else ${now}::timestamptz - interval '540 days' + interval '730 days' * s.r_sched end) as scheduled_at
      ) sc
      cross join lateral (
        select date_trunc('milliseconds', case
                 when sc.scheduled_at - interval '1 day' - interval '60 days' * s.r_lead < ${now}::timestamptz
                   then sc.scheduled_at - interval '1 day' - interval '60 days' * s.r_lead
                 else ${now}::timestamptz - interval '90 days' * s.r_lead end) as created_at
      ) cr
      cross join lateral (
        select case when s.status = 'completed'
                 then date_trunc('milliseconds', cr.created_at + (least(sc.scheduled_at, ${now}::timestamptz) - cr.created_at) * s.r_a) end as completed_at,
               case when s.status in ('accepted', 'completed')
                 then date_trunc('milliseconds', cr.created_at + (least(sc.scheduled_at, ${now}::timestamptz) - cr.created_at) * s.r_a * s.r_b) end as accepted_at
      ) ev
      cross join lateral (
        select date_trunc('milliseconds', case s.status
                 when 'requested' then cr.created_at + (${now}::timestamptz - cr.created_at) * s.r_b * 0.2
                 when 'accepted' then ev.accepted_at
                 when 'completed' then least(${now}::timestamptz, ev.completed_at + interval '7 days' * s.r_c)
                 when 'expired' then least(${now}::timestamptz, sc.scheduled_at + interval '5 minutes' * s.r_c)
                 else cr.created_at + (least(sc.scheduled_at, ${now}::timestamptz) - cr.created_at) * s.r_b end) as updated_at
      ) up`.execute(db);
  }
}

/**
 * Seeds `interviews` without its secondary indexes, then recreates them from the definitions PostgreSQL
 * reports for the migrated schema (the same indexes, built in one pass instead of growing row by row:
 * ~4× faster seeding). Primary key, foreign keys and check constraints stay on during the inserts.
 */
async function withoutSecondaryIndexes(db: Kysely<InterviewsDatabase>, seed: () => Promise<void>): Promise<void> {
  const list = async (): Promise<{ name: string; definition: string }[]> =>
    (
      await sql<{ name: string; definition: string }>`
        select i.indexname as name, i.indexdef as definition
        from pg_indexes i
        where i.schemaname = current_schema() and i.tablename = 'interviews'
          and not exists (select 1 from pg_constraint c join pg_namespace n on n.oid = c.connamespace where n.nspname = i.schemaname and c.conname = i.indexname)
        order by i.indexname`.execute(db)
    ).rows;
  const migrated = await list();
  for (const index of migrated) await sql`drop index ${sql.id(index.name)}`.execute(db);
  await seed();
  for (const index of migrated) await sql.raw(index.definition).execute(db);
  const recreated = await list();
  if (JSON.stringify(recreated) !== JSON.stringify(migrated)) throw new Error('the recreated indexes differ from the migrated ones');
  console.log(`  ${migrated.length} secondary indexes of interviews dropped for the inserts, recreated: ${migrated.map((i) => i.name).join(', ')}`);
}

/** The counter rows hold the true counts, as the service keeps them. */
async function seedCounters(db: Kysely<InterviewsDatabase>): Promise<void> {
  await sql`
    insert into interview_counters (company_uuid, type, status, count)
    select company_uuid, type, status, count(*) from interviews where deleted_at is null group by company_uuid, type, status`.execute(db);
}

/** The company's interviews by type and by status, in percent, from its counter rows. */
async function mix(db: Kysely<InterviewsDatabase>, companyUuid: string): Promise<string> {
  const { rows } = await sql<{ dimension: string; value: string; share: number }>`
    select 'type' as dimension, type as value, 100.0 * sum(count) / sum(sum(count)) over () as share
    from interview_counters where company_uuid = ${companyUuid}::uuid group by type
    union all
    select 'status', status, 100.0 * sum(count) / sum(sum(count)) over ()
    from interview_counters where company_uuid = ${companyUuid}::uuid group by status`.execute(db);
  const order = ['one_way', 'live', 'requested', 'accepted', 'completed', 'expired', 'canceled'];
  return rows
    .sort((a, b) => order.indexOf(a.value) - order.indexOf(b.value))
    .map((r) => `${r.value} ${Number(r.share).toFixed(1)}%`)
    .join(', ');
}

async function countRows(db: Kysely<InterviewsDatabase>, companyUuid: string, filter: Filter): Promise<number> {
  let select = db
    .selectFrom('interviews')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('company_uuid', '=', companyUuid)
    .where('deleted_at', 'is', null);
  if (filter.types.length > 0) select = select.where('type', 'in', filter.types);
  if (filter.statuses.length > 0) select = select.where('status', 'in', filter.statuses);
  return Number((await select.executeTakeFirstOrThrow()).count);
}

function filterOf(c: Case): Filter {
  return FILTERS.find((f) => f.types.join() === c.types.join() && f.statuses.join() === c.statuses.join()) ?? c;
}

function query(companyUuid: string, c: Case): InterviewListQuery {
  return { companyUuid, types: c.types, statuses: c.statuses, orderBy: c.orderBy, offset: c.offset, limit: PAGE_SIZE };
}

/** One request of the list use case (`listInterviews`): the page, its projections and total in one statement, then rendering it. */
async function listPage(repos: InterviewsRepositories, q: InterviewListQuery): Promise<ListResult> {
  const { interviews: page, total, ...lookups } = await repos.interviews.page(q);
  if (total === undefined) return { page: [], rendered: [], total: await repos.counters.total(q.companyUuid, q.types, q.statuses) };
  return { page, rendered: renderInterviewsFrom(page, { ...lookups, questions: new Map() }), total };
}

async function measure(db: Kysely<InterviewsDatabase>, repos: InterviewsRepositories, company: Company, c: Case, expectedTotal: number): Promise<Result> {
  const q = query(company.uuid, c);
  const warmups: number[] = [];
  const samples: number[] = [];
  let last: ListResult | undefined;
  const run = async (into: number[]): Promise<void> => {
    const start = process.hrtime.bigint();
    last = await listPage(repos, q);
    into.push(Number(process.hrtime.bigint() - start) / 1e6);
  };
  const spent = (values: number[]): number => values.reduce((a, b) => a + b, 0);
  while (warmups.length < WARMUPS && (warmups.length < MIN_WARMUPS || spent(warmups) < WARMUP_CAP_MS)) await run(warmups);
  const runs =
    percentile(
      [...warmups].sort((a, b) => a - b),
      50,
    ) >= BUDGET_P95_MS
      ? SLOW_RUNS
      : RUNS;
  while (samples.length < runs && (samples.length < MIN_RUNS || spent(samples) < RUNS_CAP_MS)) await run(samples);
  samples.sort((a, b) => a - b);
  const result: Result = {
    case: c,
    runs: samples.length,
    p50: percentile(samples, 50),
    p95: percentile(samples, 95),
    max: samples[samples.length - 1] ?? NaN,
    plan: await scans(db, q),
    problem: last && check(last, c, expectedTotal, company),
  };
  console.log(`  ${label(c).padEnd(62)} p50 ${ms(result.p50).padStart(8)}  p95 ${ms(result.p95).padStart(8)} ms`);
  return result;
}

/**
 * The page must be full, of the company, filtered, rendered with its projections and in the requested
 * order: the sort key (names lower-cased, compared byte-wise as collation "C"; interviews not completed
 * last in both `completed` orders), then the uuid in the same direction.
 */
function check(result: ListResult, c: Case, expectedTotal: number, company: Company): string | undefined {
  const { page, rendered, total } = result;
  if (total !== expectedTotal) return `total ${total}, expected ${expectedTotal}`;
  if (page.length !== PAGE_SIZE || rendered.length !== PAGE_SIZE) return `${page.length} interviews (${rendered.length} rendered), expected ${PAGE_SIZE}`;
  if (page.some((i) => i.companyUuid !== company.uuid)) return 'an interview of another company';
  if (c.types.length > 0 && page.some((i) => !c.types.includes(i.type))) return `an interview not of type ${c.types.join(' or ')}`;
  if (c.statuses.length > 0 && page.some((i) => !c.statuses.includes(i.status))) return `an interview not ${c.statuses.join(' or ')}`;
  if (rendered.some((r) => !r.assigned_to || !r.job_post || !r.company || !r.created_by))
    return 'an interview rendered without its candidate, job post, company or creator';
  if (rendered.some((r, i) => r.uuid !== page[i]?.uuid)) return 'rendering changed the order';
  const [key, direction] = c.orderBy.split('_') as [string, 'asc' | 'desc'];
  const sortKey = (i: number): string | number | null => {
    const interview = page[i];
    const view = rendered[i];
    switch (key) {
      case 'scheduled':
        return interview.scheduledAt.getTime();
      case 'completed':
        return interview.completedAt?.getTime() ?? null;
      case 'updated':
        return interview.updatedAt.getTime();
      case 'candidate':
        return (view.assigned_to?.name ?? '').toLowerCase();
      case 'job':
        return (view.job_post?.title ?? '').toLowerCase();
      default:
        return (view.company?.name ?? '').toLowerCase();
    }
  };
  for (let i = 1; i < page.length; i++) {
    const a = sortKey(i - 1);
    const b = sortKey(i);
    // Nulls (not completed) come last whatever the direction.
    const byKey = a === null || b === null ? (a === null ? (b === null ? 0 : 1) : -1) : direction === 'asc' ? compare(a, b) : -compare(a, b);
    const order = byKey || (direction === 'asc' ? 1 : -1) * compare(page[i - 1].uuid, page[i].uuid);
    if (order > 0) return `out of order at position ${c.offset + i}`;
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

/** The SQL the repository runs for a page, captured with a pass-through plugin, explained with its parameters. */
async function explain(db: Kysely<InterviewsDatabase>, q: InterviewListQuery, options: string): Promise<string> {
  let captured: RootOperationNode | undefined;
  const capture: KyselyPlugin = {
    transformQuery: (args) => (captured = args.node),
    transformResult: async (args) => args.result,
  };
  await new InterviewRepository(db.withPlugin(capture)).page(q);
  if (!captured) throw new Error('the repository ran no query');
  const compiled = db.getExecutor().compileQuery(captured, { queryId: 'bench-explain' });
  const plan = await db.executeQuery<Record<string, unknown>>(CompiledQuery.raw(`explain (${options}) ${compiled.sql}`, [...compiled.parameters]));
  return plan.rows.map((row) => (typeof row['QUERY PLAN'] === 'string' ? row['QUERY PLAN'] : JSON.stringify(row['QUERY PLAN']))).join('\n');
}

/** The scan nodes of the page query's plan, e.g. "Index Scan Backward interviews_by_scheduled_at + Filter". */
async function scans(db: Kysely<InterviewsDatabase>, q: InterviewListQuery): Promise<string> {
  const lines = (await explain(db, q, 'costs off')).split('\n');
  const nodes: string[] = [];
  lines.forEach((line, i) => {
    const m = /(Index Only Scan(?: Backward)?|Index Scan(?: Backward)?|Bitmap Index Scan|Bitmap Heap Scan|Seq Scan) (?:using (\S+) )?on (\S+)/.exec(line);
    if (!m) return;
    // The scan's details run to the next node; a "Filter:" there means rows fetched from the table, then thrown away.
    const next = lines.findIndex((l, j) => j > i && l.includes('->'));
    const filtered = lines.slice(i + 1, next < 0 ? undefined : next).some((l) => l.trim().startsWith('Filter:'));
    nodes.push(`${m[1]} ${m[2] ?? m[3]}${filtered ? ' + Filter' : ''}`);
  });
  // Identical scans (one per branch of a UNION ALL) are shown once, with their number.
  const counted = [...new Set(nodes)].map((node) => {
    const n = nodes.filter((other) => other === node).length;
    return n > 1 ? `${n} × ${node}` : node;
  });
  const merge = lines.some((l) => /(?:^|->\s+)Merge Append\b/.test(l)) ? 'Merge Append of ' : '';
  const sort = lines.map((l) => /(?:^|->\s+)(Incremental Sort|Sort)\b/.exec(l)?.[1]).find((s) => s !== undefined);
  return merge + counted.join(', ') + (sort ? ` + ${sort}` : '');
}

function printTable(results: Result[]): void {
  const header = ['filter', 'orderby', 'offset', 'runs', 'p50 ms', 'p95 ms', 'max ms', 'ok', 'plan'];
  const rows = results.map((r) => [
    filterLabel(r.case),
    r.case.orderBy,
    String(r.case.offset),
    String(r.runs),
    ms(r.p50),
    ms(r.p95),
    ms(r.max),
    r.problem ? 'WRONG' : r.p95 < BUDGET_P95_MS ? 'yes' : 'SLOW',
    r.plan,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => (row[i] ?? '').length)));
  const numeric = new Set([2, 3, 4, 5, 6]);
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

function filterLabel(f: Filter): string {
  const parts = [...(f.types.length > 0 ? [`type=${f.types.join('+')}`] : []), ...(f.statuses.length > 0 ? [`status=${f.statuses.join('+')}`] : [])];
  return parts.length > 0 ? parts.join(' ') : 'none';
}

function label(c: Case): string {
  return `${filterLabel(c)} ${c.orderBy} offset=${c.offset}`;
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
