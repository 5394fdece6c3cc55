import { SharedErrorCode, type identity } from '@vi/contracts';
import type { StoreOf } from '@vi/platform-bus';
import { sharedError, type UserPrincipal } from '@vi/platform-grpc';
import { isUniqueViolation } from '@vi/platform-postgres';
import type { Clock } from '@vi/platform-time';
import { IdentityError, IdentityErrorCode } from '../../domain/identity.errors';
import { canEditUser } from '../../domain/user';
import type { IdentityStore } from '../../infrastructure/identity.store';
import { findCompanyUser } from '../shared/find-company-user';
import { requireCompany } from '../shared/require-company';
import { renderCompanyUser, userEvents } from '../user-rendering';

export interface UpdateUserInput {
  userUuid: string;
  name?: string;
  email?: string;
}

/** Administrators, or the user themself, change a user's name and email; nothing else. */
export async function updateUser(
  deps: { store: StoreOf<IdentityStore, 'users' | 'companies'>; defaultAvatarUrl: string; clock: Clock },
  principal: UserPrincipal,
  input: UpdateUserInput,
): Promise<identity.CompanyUser> {
  try {
    return await deps.store.transaction(async (tx) => {
      const user = await findCompanyUser(tx, principal, input.userUuid);
      if (!canEditUser(principal, user)) throw sharedError(SharedErrorCode.AdministratorRequired);
      if (input.email !== undefined && input.email.toLowerCase() !== user.email.toLowerCase()) {
        const other = await tx.users.findCompanyUserByEmail(user.companyUuid!, input.email);
        if (other) throw new IdentityError(IdentityErrorCode.UserEmailTaken);
      }
      const updated = { ...user, name: input.name ?? user.name, email: input.email ?? user.email, updatedAt: deps.clock.now() };
      await tx.users.update(user.uuid, { name: updated.name, email: updated.email, updatedAt: updated.updatedAt });
      await tx.publish([userEvents.updated(updated, deps.defaultAvatarUrl)]);
      return renderCompanyUser(updated, await requireCompany(tx, user.companyUuid!), deps.defaultAvatarUrl);
    });
  } catch (error) {
    if (isUniqueViolation(error, 'users_company_email')) throw new IdentityError(IdentityErrorCode.UserEmailTaken);
    throw error;
  }
}
