import { sql, type Kysely } from 'kysely';

/** Set-password tokens of new company users: only a SHA-256 of each token is kept, with its expiry. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table set_password_tokens (
      token_hash text primary key,
      user_uuid uuid not null references users (uuid),
      expires_at timestamptz not null,
      used_at timestamptz,
      created_at timestamptz not null
    )`.execute(db);
  await sql`create index set_password_tokens_user on set_password_tokens (user_uuid)`.execute(db);
}
