import { administratorOf, type UserPrincipal } from '@vi/platform-grpc';
import { IdentityError, IdentityErrorCode } from '../../domain/identity.errors';
import type { IdentityStore } from '../../infrastructure/identity.store';
import { findCompanyUser } from '../get-user/get-user';
import { identityEvents } from '../identity-events';

/** Deletes a user: they can no longer authenticate, and their key is revoked everywhere. */
export async function deleteUser(
  deps: { store: IdentityStore; defaultAvatarUrl: string },
  principal: UserPrincipal,
  userUuid: string,
): Promise<void> {
  administratorOf(principal);
  await deps.store.transaction(async (tx) => {
    const user = await findCompanyUser(tx, principal, userUuid);
    if (user.uuid === principal.userUuid) throw new IdentityError(IdentityErrorCode.CannotDeleteSelf);
    const now = new Date();
    const key = await tx.apiKeys.deleteByUser(user.uuid);
    await tx.users.markDeleted(user.uuid, now);
    // Their web sessions end with them; gateways drop cached ones on UserDeleted, as for the key.
    await tx.sessions.deleteByUser(user.uuid);
    const events = [identityEvents.userDeleted(user, deps.defaultAvatarUrl, now)];
    if (key) {
      events.push(identityEvents.apiKeyRevoked({ key_uuid: key.uuid, user_uuid: user.uuid, company_uuid: user.companyUuid, reason: 'user_deleted' }));
    }
    await tx.publish(events);
  });
}
