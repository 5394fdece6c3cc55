import { IdentitySubjects, type UserEventPayload } from '@vi/contracts';
import type { BusMessage, StoreOf } from '@vi/platform-bus';
import type { Clock } from '@vi/platform-time';
import type { NotificationsStore } from '../store';

export const OWNER_SUBJECTS = [IdentitySubjects.UserDeleted];

/**
 * A deleted user's webhooks stop with their owner: they are deleted and their
 * pending deliveries canceled (idempotent: a second pass finds nothing left).
 */
export async function removeOwnerWebhooks(
  deps: { store: StoreOf<NotificationsStore, 'webhooks' | 'deliveries'>; clock: Clock },
  message: BusMessage,
): Promise<void> {
  if (message.subject !== IdentitySubjects.UserDeleted) return;
  const user = message.payload as UserEventPayload;
  await deps.store.transaction(async (tx) => {
    const now = deps.clock.now();
    const removed = await tx.webhooks.deleteOfUser(user.uuid, now);
    await tx.deliveries.cancelPending(removed, now);
  });
}
