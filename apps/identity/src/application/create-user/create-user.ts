import { randomUUID } from 'node:crypto';
import type { identity } from '@vi/contracts';
import type { StoreOf } from '@vi/platform-bus';
import { administratorOf, type UserPrincipal } from '@vi/platform-grpc';
import { isUniqueViolation } from '@vi/platform-postgres';
import type { Clock } from '@vi/platform-time';
import { IdentityError, IdentityErrorCode } from '../../domain/identity.errors';
import { remainingOf } from '../../domain/plan';
import type { User, UserRole } from '../../domain/user';
import type { IdentityStore } from '../store';
import { planOf } from '../shared/plan-of';
import { renderCompanyUser, userEvents } from '../user-rendering';

export interface CreateUserInput {
  name: string;
  email: string;
  role: UserRole;
}

/**
 * Adds a company user when a user slot remains (the notifications service then emails them a set-password link).
 * The company row is locked for the check-and-insert, so two requests racing for the last slot cannot both win.
 */
export async function createUser(
  deps: { store: StoreOf<IdentityStore, 'companies' | 'plans' | 'users'>; defaultAvatarUrl: string; clock: Clock },
  principal: UserPrincipal,
  input: CreateUserInput,
): Promise<identity.CompanyUser> {
  const { companyUuid } = administratorOf(principal);
  try {
    return await deps.store.transaction(async (tx) => {
      const now = deps.clock.now();
      const company = await tx.companies.lock(companyUuid);
      if (!company) throw new IdentityError(IdentityErrorCode.CompanyNotFound);
      const plan = await planOf(tx, company, now);
      const used = await tx.users.countCompanyUsers(companyUuid);
      if (remainingOf(plan.usersLimit, used, company.usersPaid) === 0) {
        throw new IdentityError(IdentityErrorCode.UserSlotsExhausted);
      }
      if (await tx.users.findCompanyUserByEmail(companyUuid, input.email)) {
        throw new IdentityError(IdentityErrorCode.UserEmailTaken);
      }
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
      await tx.publish([userEvents.created(user, deps.defaultAvatarUrl)]);
      return renderCompanyUser(user, company, deps.defaultAvatarUrl);
    });
  } catch (error) {
    if (isUniqueViolation(error, 'users_company_email')) throw new IdentityError(IdentityErrorCode.UserEmailTaken);
    throw error;
  }
}
