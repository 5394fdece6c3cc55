import { sql, type Kysely } from 'kysely';

/**
 * The language an interview speaks to its candidate (its emails, SMS and calendar text): an IETF tag in canonical
 * form (decision 047). Interviews from before were all written to in English.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table interviews add column language text not null default 'en'`.execute(db);
}
