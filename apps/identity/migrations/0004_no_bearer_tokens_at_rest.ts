import { sql, type Kysely } from 'kysely';

/** Decision 018: UserCreated events written before it carried the set-password link (its bearer token). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`update outbox set payload = payload - 'set_password_url'`.execute(db);
}
