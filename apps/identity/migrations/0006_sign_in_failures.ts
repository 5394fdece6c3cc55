import { sql, type Kysely } from 'kysely';

/**
 * Failed sign-ins per account (decision 034): a company user's uuid, or `email:<sha256>` for an address no user
 * has, so an unknown address is locked exactly like a known one. Counted by one upsert per attempt, before the
 * password is checked, so a parallel burst cannot overshoot the limit.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table sign_in_failures (
      account text primary key,
      failures integer not null,
      window_ends_at timestamptz not null
    )`.execute(db);
}
