import type { Principal } from '@vi/platform-grpc';
import { IdentityError, IdentityErrorCode } from '../../domain/identity.errors';
import type { IdentityStore } from '../../infrastructure/identity.store';
import { identityEvents } from '../identity-events';
import { issueSetPasswordLink } from '../set-password-link/set-password-link';

/**
 * The forgot-password page: every active company user with this email gets a fresh set-password link by email
 * (the event carries it to the notifications service). Nothing tells the caller whether anyone did.
 */
export async function requestPasswordReset(
  deps: { store: IdentityStore; publicBaseUrl: string; defaultAvatarUrl: string; now: () => Date },
  caller: Principal,
  email: string,
): Promise<void> {
  if (caller.kind !== 'service') throw new IdentityError(IdentityErrorCode.OperatorRequired);
  const now = deps.now();
  await deps.store.transaction(async (tx) => {
    const users = await tx.users.findActiveCompanyUsersByEmail(email);
    for (const user of users) {
      const url = await issueSetPasswordLink(tx, deps.publicBaseUrl, user.uuid, now);
      await tx.publish([identityEvents.passwordResetRequested(user, deps.defaultAvatarUrl, url, now)]);
    }
  });
}
