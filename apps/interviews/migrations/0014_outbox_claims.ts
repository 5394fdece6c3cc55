import type { Kysely } from 'kysely';
import { addOutboxClaims } from '@vi/platform-bus';

/** Decision 055: the outbox relay claims its rows with a lease (`claimed_until`) in one statement, without a transaction. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await addOutboxClaims(db);
}
