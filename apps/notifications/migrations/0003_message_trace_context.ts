import { sql, type Kysely } from 'kysely';

/** Decision 031: a message keeps the trace context of the consumer that planned it; sending it is a span of that trace. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table messages add column trace_context jsonb`.execute(db);
}
