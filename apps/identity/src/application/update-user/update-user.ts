import { SharedErrorCode, type identity } from '@vi/contracts';
import type { ReposOf, StoreOf, TransactionOf } from '@vi/platform-bus';
import { sharedError, type UserPrincipal } from '@vi/platform-grpc';
import { isUniqueViolation } from '@vi/platform-postgres';
import type { Clock } from '@vi/platform-time';
import { IdentityError, IdentityErrorCode } from '../../domain/identity.errors';
import { canEditUser, sameAddress, type User } from '../../domain/user';
import type { IdentityStore } from '../store';
import { findCompanyUser } from '../shared/find-company-user';
import { requireCompany } from '../shared/require-company';
import { sessionsRevokedEvent } from '../session-rendering';
import { renderCompanyUser, userEvents } from '../user-rendering';

export interface UpdateUserInput {
  userUuid: string;
  name?: string;
  email?: string;
}

/**
 * Administrators, or the user themself, change a user's name and email; nothing else. A new address ends what the
 * old one holds (decision 034): every set-password link sent to it and every session; a user who has no password
 * yet gets a fresh link at the new address.
 */
export async function updateUser(
  deps: { store: StoreOf<IdentityStore, 'users' | 'companies' | 'setPasswordTokens' | 'sessions' | 'passwords'>; defaultAvatarUrl: string; clock: Clock },
  principal: UserPrincipal,
  input: UpdateUserInput,
): Promise<identity.CompanyUser> {
  try {
    return await deps.store.transaction(async (tx) => {
      const user = await findCompanyUser(tx, principal, input.userUuid);
      if (!canEditUser(principal, user)) throw sharedError(SharedErrorCode.AdministratorRequired);
      if (input.email !== undefined && !sameAddress(input.email, user.email)) {
        const other = await tx.users.findCompanyUserByEmail(user.companyUuid!, input.email);
        if (other) throw new IdentityError(IdentityErrorCode.UserEmailTaken);
      }
      const updated = { ...user, name: input.name ?? user.name, email: input.email ?? user.email, updatedAt: deps.clock.now() };
      await tx.users.update(user.uuid, { name: updated.name, email: updated.email, updatedAt: updated.updatedAt });
      await tx.publish([userEvents.updated(updated, deps.defaultAvatarUrl)]);
      if (!sameAddress(updated.email, user.email)) await endWhatTheOldAddressHolds(tx, updated, deps);
      return renderCompanyUser(updated, await requireCompany(tx, user.companyUuid!), deps.defaultAvatarUrl);
    });
  } catch (error) {
    if (isUniqueViolation(error, 'users_company_email')) throw new IdentityError(IdentityErrorCode.UserEmailTaken);
    throw error;
  }
}

/**
 * A mistyped address may have received a set-password link and signed in with it: its links are spent and the
 * user's sessions end (a link emailed later to the old address is refused when it is issued: set-password-link).
 */
async function endWhatTheOldAddressHolds(
  tx: ReposOf<IdentityStore, 'setPasswordTokens' | 'sessions' | 'passwords'> & Pick<TransactionOf<IdentityStore>, 'publish'>,
  user: User,
  deps: { defaultAvatarUrl: string; clock: Clock },
): Promise<void> {
  const now = deps.clock.now();
  await tx.setPasswordTokens.useAllOf(user.uuid, now);
  if ((await tx.sessions.deleteByUser(user.uuid)) > 0) await tx.publish([sessionsRevokedEvent({ user_uuid: user.uuid, reason: 'email_changed' })]);
  if (!(await tx.passwords.exists(user.uuid))) await tx.publish([userEvents.setPasswordRequested(user, deps.defaultAvatarUrl, now)]);
}
