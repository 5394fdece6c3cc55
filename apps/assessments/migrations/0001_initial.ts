import { sql, type Kysely } from 'kysely';

/** Decision 071: the orders an ATS placed, their callbacks (an outbox of our own) and attempts, the ATS connections, the consumers' ledger. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table orders (
      uuid uuid primary key,
      company_uuid uuid not null,
      -- The user of the integration key that sent it: who the service acts as without a request in hand.
      created_by uuid not null,
      ats text not null check (ats in ('greenhouse', 'ashby')),
      test_uuid uuid not null,
      candidate_name text not null,
      candidate_email text not null,
      candidate_phone text,
      language text not null,
      external_id text,
      -- What else of the ATS's request its callbacks need (Ashby: the candidate's and job's ids).
      ats_fields jsonb not null default '{}',
      callback_url text,
      interview_uuid uuid not null unique,
      status text not null check (status in ('sent', 'started', 'completed', 'expired', 'canceled')),
      created_at timestamptz not null,
      updated_at timestamptz not null
    )`.execute(db);
  // Sent again while open: one order (two at once too).
  await sql`
    create unique index orders_one_open on orders (ats, company_uuid, test_uuid, lower(candidate_email))
    where status in ('sent', 'started')`.execute(db);
  await sql`create index orders_company_created on orders (company_uuid, created_at desc, uuid)`.execute(db);

  await sql`
    create table callbacks (
      uuid uuid primary key,
      order_uuid uuid not null references orders (uuid) on delete cascade,
      company_uuid uuid not null,
      -- The order's state it tells: started, completed, expired, canceled, or scored (a completed one's score changed).
      kind text not null check (kind in ('started', 'completed', 'expired', 'canceled', 'scored')),
      due_at timestamptz not null,
      attempts int not null default 0,
      -- Claimed by a process until then (a lease: replicas and a restart share the work).
      locked_until timestamptz,
      last_status_code int,
      last_error text,
      delivered_at timestamptz,
      given_up_at timestamptz,
      created_at timestamptz not null
    )`.execute(db);
  await sql`create index callbacks_due on callbacks (due_at) where delivered_at is null and given_up_at is null`.execute(db);
  await sql`create index callbacks_order on callbacks (order_uuid)`.execute(db);

  await sql`
    create table callback_attempts (
      uuid uuid primary key,
      callback_uuid uuid not null references callbacks (uuid) on delete cascade,
      order_uuid uuid not null,
      company_uuid uuid not null,
      ats text not null,
      attempted_at timestamptz not null,
      status_code int,
      error text
    )`.execute(db);
  await sql`create index callback_attempts_order on callback_attempts (order_uuid, attempted_at)`.execute(db);
  await sql`create index callback_attempts_company on callback_attempts (company_uuid, ats, attempted_at desc)`.execute(db);

  await sql`
    create table connections (
      company_uuid uuid not null,
      ats text not null check (ats in ('greenhouse', 'ashby')),
      -- SecretBox(ASSESSMENTS_ENCRYPTION_KEY): never shown again.
      api_key_ciphertext text not null,
      connected_at timestamptz not null,
      primary key (company_uuid, ats)
    )`.execute(db);

  await sql`create table processed_events (event_id uuid primary key, processed_at timestamptz not null)`.execute(db);
}
