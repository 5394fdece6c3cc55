import { companyUserOf, type UserPrincipal } from '@vi/platform-grpc';
import { IdentityError, IdentityErrorCode } from '../../domain/identity.errors';
import type { Company, User } from '../../domain/user';
import type { IdentityRepositories } from '../../infrastructure/identity.store';
import type { IdentityStore } from '../../infrastructure/identity.store';
import { requireCompany } from '../company-plan';

export interface CompanyUserView {
  user: User;
  company: Company;
}

/** A user of the caller's company; anyone else is 404. */
export async function findCompanyUser(repos: IdentityRepositories, principal: UserPrincipal, userUuid: string): Promise<User> {
  const { companyUuid } = companyUserOf(principal);
  const user = await repos.users.find(userUuid);
  if (!user || user.companyUuid !== companyUuid) throw new IdentityError(IdentityErrorCode.UserNotFound);
  return user;
}

export async function getUser(deps: { store: IdentityStore }, principal: UserPrincipal, userUuid: string): Promise<CompanyUserView> {
  const user = await findCompanyUser(deps.store.read, principal, userUuid);
  return { user, company: await requireCompany(deps.store.read, user.companyUuid!) };
}
