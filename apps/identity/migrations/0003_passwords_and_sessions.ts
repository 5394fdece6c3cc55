import { sql, type Kysely } from 'kysely';

/**
 * Company users' passwords (scrypt, with the parameters each hash was made with, so they can be raised later) and
 * their web sessions (only a SHA-256 of the session id is kept; idle expiry counts from `last_seen_at`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table user_passwords (
      user_uuid uuid primary key references users (uuid),
      algorithm text not null,
      params jsonb not null,
      salt text not null,
      hash text not null,
      updated_at timestamptz not null
    )`.execute(db);
  await sql`
    create table sessions (
      uuid uuid primary key,
      id_hash text not null unique,
      user_uuid uuid not null references users (uuid),
      created_at timestamptz not null,
      last_seen_at timestamptz not null,
      expires_at timestamptz not null
    )`.execute(db);
  await sql`create index sessions_user on sessions (user_uuid)`.execute(db);
}
