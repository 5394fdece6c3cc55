import { busRetentionTasks, pruneOlderThan, type RetentionTask } from '@vi/platform-bus';
import type { Kysely } from '@vi/platform-postgres';
import type { IdentityDatabase } from '../../infrastructure/identity.database';

/**
 * What the identity service keeps, and for how long (decision 019): published outbox rows for `outboxMs`; a
 * set-password token and a web session not a moment past their end (decision 026): expired, they open nothing.
 */
export function identityRetentionTasks(db: Kysely<IdentityDatabase>, retention: { outboxMs?: number }): RetentionTask[] {
  return [
    ...busRetentionTasks(db, { outboxMs: retention.outboxMs }),
    pruneOlderThan(db, 'set_password_tokens', 'expires_at', 0),
    // Sessions past their absolute end, even for users who never sign in again.
    pruneOlderThan(db, 'sessions', 'expires_at', 0),
    // Failed sign-ins whose window has passed count for nothing (decision 034).
    pruneOlderThan(db, 'sign_in_failures', 'window_ends_at', 0),
  ];
}
