import { randomUUID } from 'node:crypto';
import { administratorOf, type UserPrincipal } from '@vi/platform-grpc';
import { isUniqueViolation } from '@vi/platform-postgres';
import { IdentityError, IdentityErrorCode } from '../../domain/identity.errors';
import { remainingOf } from '../../domain/plan';
import type { User, UserRole } from '../../domain/user';
import type { IdentityStore } from '../../infrastructure/identity.store';
import { planOf } from '../company-plan';
import type { CompanyUserView } from '../get-user/get-user';
import { identityEvents } from '../identity-events';

export interface CreateUserInput {
  name: string;
  email: string;
  role: UserRole;
}

/**
 * Adds a company user when a user slot remains, with a set-password link for the welcome email. The company row is locked for
 * the check-and-insert, so two requests racing for the last slot cannot both win.
 */
export async function createUser(
  deps: { store: IdentityStore; defaultAvatarUrl: string },
  principal: UserPrincipal,
  input: CreateUserInput,
): Promise<CompanyUserView> {
  const { companyUuid } = administratorOf(principal);
  try {
    return await deps.store.transaction(async (tx) => {
      const company = await tx.companies.lock(companyUuid);
      if (!company) throw new IdentityError(IdentityErrorCode.CompanyNotFound);
      const plan = await planOf(tx, company);
      const used = await tx.users.countCompanyUsers(companyUuid);
      if (remainingOf(plan.usersLimit, used, company.usersPaid) === 0) {
        throw new IdentityError(IdentityErrorCode.UserSlotsExhausted);
      }
      if (await tx.users.findCompanyUserByEmail(companyUuid, input.email)) {
        throw new IdentityError(IdentityErrorCode.UserEmailTaken);
      }
      const now = new Date();
      const user: User = {
        uuid: randomUUID(),
        companyUuid,
        type: 'company_user',
        role: input.role,
        name: input.name,
        email: input.email,
        avatarUrl: null,
        active: true,
        createdAt: now,
        updatedAt: now,
      };
      await tx.users.insert(user);
      await tx.publish([identityEvents.userCreated(user, deps.defaultAvatarUrl)]);
      return { user, company };
    });
  } catch (error) {
    if (isUniqueViolation(error, 'users_company_email')) throw new IdentityError(IdentityErrorCode.UserEmailTaken);
    throw error;
  }
}
