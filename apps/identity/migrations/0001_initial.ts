import { sql, type Kysely } from 'kysely';
import { createOutboxTable } from '@vi/platform-bus';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table plans (
      code text primary key,
      name text not null,
      rank int not null,
      jobs_limit int not null,
      users_limit int not null,
      features jsonb not null
    )`.execute(db);

  // The seeded catalogue (docs/decisions/005-plans.md); -1 means unlimited.
  await sql`
    insert into plans (code, name, rank, jobs_limit, users_limit, features) values
      ('essentials', 'Essentials', 0, 1, 1, '{"advanced_share_links": false, "interview_sms_notifications": false, "api_access": false}'),
      ('starter', 'Starter', 1, 1, 2, '{"advanced_share_links": false, "interview_sms_notifications": false, "api_access": true}'),
      ('growth', 'Growth', 2, 10, 10, '{"advanced_share_links": true, "interview_sms_notifications": true, "api_access": true}'),
      ('unlimited', 'Unlimited', 3, -1, -1, '{"advanced_share_links": true, "interview_sms_notifications": true, "api_access": true}')
  `.execute(db);

  await sql`
    create table companies (
      uuid uuid primary key,
      name text not null,
      website text not null default '',
      summary text not null default '',
      avatar_url text,
      horizontal_logo_url text,
      social jsonb not null default '{}',
      location jsonb,
      video jsonb,
      industry jsonb,
      plan_code text not null references plans (code),
      plan_started_at timestamptz not null,
      users_paid int not null default 0,
      downgrade_plan_code text references plans (code),
      downgrade_at timestamptz,
      created_at timestamptz not null,
      updated_at timestamptz not null
    )`.execute(db);

  await sql`
    create table users (
      uuid uuid primary key,
      company_uuid uuid references companies (uuid),
      type text not null check (type in ('company_user', 'job_seeker')),
      role text check (role in ('administrator', 'standard')),
      name text not null,
      email text not null,
      avatar_url text,
      active boolean not null default true,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      deleted_at timestamptz,
      check ((type = 'company_user') = (company_uuid is not null and role is not null))
    )`.execute(db);
  await sql`create unique index users_company_email on users (company_uuid, lower(email)) where deleted_at is null and type = 'company_user'`.execute(db);
  await sql`create unique index users_job_seeker_email on users (lower(email)) where deleted_at is null and type = 'job_seeker'`.execute(db);
  await sql`create index users_company_page on users (company_uuid, created_at, uuid) where deleted_at is null`.execute(db);

  await sql`
    create table api_keys (
      uuid uuid primary key,
      user_uuid uuid not null unique references users (uuid),
      key_hash text not null unique,
      key_ciphertext text not null,
      description text not null default '',
      type text not null default 'custom_integration',
      last_used_at timestamptz,
      created_at timestamptz not null,
      updated_at timestamptz not null
    )`.execute(db);

  await createOutboxTable(db);
}
