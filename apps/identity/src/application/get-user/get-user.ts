import type { identity } from '@vi/contracts';
import type { StoreOf } from '@vi/platform-bus';
import type { UserPrincipal } from '@vi/platform-grpc';
import type { IdentityStore } from '../store';
import { findCompanyUser } from '../shared/find-company-user';
import { requireCompany } from '../shared/require-company';
import { renderCompanyUser } from '../user-rendering';

export async function getUser(
  deps: { store: StoreOf<IdentityStore, 'users' | 'companies'>; defaultAvatarUrl: string },
  principal: UserPrincipal,
  userUuid: string,
): Promise<identity.CompanyUser> {
  const user = await findCompanyUser(deps.store.read, principal, userUuid);
  return renderCompanyUser(user, await requireCompany(deps.store.read, user.companyUuid!), deps.defaultAvatarUrl);
}
