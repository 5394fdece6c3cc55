import type { ReposOf } from '@vi/platform-bus';
import { companyUserOf, type UserPrincipal } from '@vi/platform-grpc';
import { IdentityError, IdentityErrorCode } from '../../domain/identity.errors';
import type { User } from '../../domain/user';
import type { IdentityStore } from '../store';

/** A user of the caller's company; anyone else is 404. */
export async function findCompanyUser(repos: ReposOf<IdentityStore, 'users'>, principal: UserPrincipal, userUuid: string): Promise<User> {
  const { companyUuid } = companyUserOf(principal);
  const user = await repos.users.find(userUuid);
  if (!user || user.companyUuid !== companyUuid) throw new IdentityError(IdentityErrorCode.UserNotFound);
  return user;
}
