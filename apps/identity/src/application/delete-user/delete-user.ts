import type { StoreOf } from '@vi/platform-bus';
import { administratorOf, type UserPrincipal } from '@vi/platform-grpc';
import type { Clock } from '@vi/platform-time';
import { IdentityError, IdentityErrorCode } from '../../domain/identity.errors';
import type { IdentityStore } from '../store';
import { apiKeyEvents } from '../api-key-rendering';
import { findCompanyUser } from '../shared/find-company-user';
import { userEvents } from '../user-rendering';

/** Deletes a user: they can no longer authenticate, and their key is revoked everywhere. */
export async function deleteUser(
  deps: { store: StoreOf<IdentityStore, 'users' | 'apiKeys' | 'sessions'>; defaultAvatarUrl: string; clock: Clock },
  principal: UserPrincipal,
  userUuid: string,
): Promise<void> {
  administratorOf(principal);
  await deps.store.transaction(async (tx) => {
    const user = await findCompanyUser(tx, principal, userUuid);
    if (user.uuid === principal.userUuid) throw new IdentityError(IdentityErrorCode.CannotDeleteSelf);
    const now = deps.clock.now();
    const key = await tx.apiKeys.deleteByUser(user.uuid);
    await tx.users.markDeleted(user.uuid, now);
    // Their web sessions end with them; gateways drop cached ones on UserDeleted, as for the key.
    await tx.sessions.deleteByUser(user.uuid);
    const events = [userEvents.deleted(user, deps.defaultAvatarUrl, now)];
    if (key) events.push(apiKeyEvents.revoked({ key_uuid: key.uuid, user_uuid: user.uuid, company_uuid: user.companyUuid, reason: 'user_deleted' }));
    await tx.publish(events);
  });
}
