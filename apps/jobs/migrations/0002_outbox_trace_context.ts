import type { Kysely } from 'kysely';
import { addOutboxTraceContext } from '@vi/platform-bus';

/** Decision 031: each event keeps the trace context of the request that caused it until it is relayed. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await addOutboxTraceContext(db);
}
