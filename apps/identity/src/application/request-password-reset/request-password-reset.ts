import { requireOperator, type Principal } from '@vi/platform-grpc';
import type { IdentityStore } from '../../infrastructure/identity.store';
import { identityEvents } from '../identity-events';

/**
 * The forgot-password page: every active company user with this email gets a fresh set-password link by email
 * (the notifications service asks for it when it sends the email: decision 018). Nothing tells the caller whether
 * anyone did.
 */
export async function requestPasswordReset(
  deps: { store: IdentityStore; defaultAvatarUrl: string; now: () => Date },
  caller: Principal,
  email: string,
): Promise<void> {
  requireOperator(caller);
  const now = deps.now();
  await deps.store.transaction(async (tx) => {
    const users = await tx.users.findActiveCompanyUsersByEmail(email);
    for (const user of users) {
      await tx.publish([identityEvents.passwordResetRequested(user, deps.defaultAvatarUrl, now)]);
    }
  });
}
