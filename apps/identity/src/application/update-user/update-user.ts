import { sharedError, type UserPrincipal } from '@vi/platform-grpc';
import { SharedErrorCode } from '@vi/contracts';
import { isUniqueViolation } from '@vi/platform-postgres';
import { IdentityError, IdentityErrorCode } from '../../domain/identity.errors';
import { canEditUser } from '../../domain/user';
import type { IdentityStore } from '../../infrastructure/identity.store';
import { requireCompany } from '../company-plan';
import { findCompanyUser, type CompanyUserView } from '../get-user/get-user';
import { identityEvents } from '../identity-events';

export interface UpdateUserInput {
  userUuid: string;
  name?: string;
  email?: string;
}

/** Administrators, or the user themself, change a user's name and email; nothing else. */
export async function updateUser(
  deps: { store: IdentityStore; defaultAvatarUrl: string },
  principal: UserPrincipal,
  input: UpdateUserInput,
): Promise<CompanyUserView> {
  try {
    return await deps.store.transaction(async (tx) => {
      const user = await findCompanyUser(tx, principal, input.userUuid);
      if (!canEditUser(principal, user)) throw sharedError(SharedErrorCode.AdministratorRequired);
      if (input.email !== undefined && input.email.toLowerCase() !== user.email.toLowerCase()) {
        const other = await tx.users.findCompanyUserByEmail(user.companyUuid!, input.email);
        if (other) throw new IdentityError(IdentityErrorCode.UserEmailTaken);
      }
      const updated = { ...user, name: input.name ?? user.name, email: input.email ?? user.email, updatedAt: new Date() };
      await tx.users.update(user.uuid, { name: updated.name, email: updated.email, updatedAt: updated.updatedAt });
      await tx.publish([identityEvents.userUpdated(updated, deps.defaultAvatarUrl)]);
      return { user: updated, company: await requireCompany(tx, user.companyUuid!) };
    });
  } catch (error) {
    if (isUniqueViolation(error, 'users_company_email')) throw new IdentityError(IdentityErrorCode.UserEmailTaken);
    throw error;
  }
}
