import type { identity } from '@vi/contracts';
import type { StoreOf } from '@vi/platform-bus';
import { requireOperator, type Principal } from '@vi/platform-grpc';
import type { Clock } from '@vi/platform-time';
import { IdentityError, IdentityErrorCode } from '../../domain/identity.errors';
import type { IdentityStore } from '../store';
import { apiKeyEvents } from '../api-key-rendering';
import { renderUserSummary, userEvents } from '../user-rendering';

/** What an erased job seeker is called from then on, everywhere their name or email was shown. */
export const ERASED_NAME = 'Erased job seeker';
export const erasedEmail = (userUuid: string) => `erased-${userUuid}@erased.invalid`;

/**
 * An operator erases a job seeker on request (`npm run admin -- erase-job-seeker`, decision 019): their name and
 * email are replaced, the user is deleted (their API key revoked). UserUpdated carries the erased name to the
 * services that show it; UserDeleted and ApiKeyRevoked end their access. Returns the erased user, with whose uuid
 * and new name the CLI then erases their interviews.
 */
export async function eraseJobSeeker(
  deps: { store: StoreOf<IdentityStore, 'users' | 'apiKeys'>; defaultAvatarUrl: string; clock: Clock },
  caller: Principal,
  email: string,
): Promise<identity.UserSummary> {
  requireOperator(caller);
  return deps.store.transaction(async (tx) => {
    const found = await tx.users.findJobSeekerByEmail(email);
    if (!found) throw new IdentityError(IdentityErrorCode.UserNotFound);
    const now = deps.clock.now();
    const erased = { ...found, name: ERASED_NAME, email: erasedEmail(found.uuid), avatarUrl: null, updatedAt: now };
    await tx.users.update(found.uuid, { name: erased.name, email: erased.email, updatedAt: now });
    const key = await tx.apiKeys.deleteByUser(found.uuid);
    await tx.users.markDeleted(found.uuid, now);
    const events = [userEvents.updated(erased, deps.defaultAvatarUrl), userEvents.deleted(erased, deps.defaultAvatarUrl, now)];
    if (key) events.push(apiKeyEvents.revoked({ key_uuid: key.uuid, user_uuid: found.uuid, company_uuid: null, reason: 'user_deleted' }));
    await tx.publish(events);
    return renderUserSummary(erased, deps.defaultAvatarUrl);
  });
}
