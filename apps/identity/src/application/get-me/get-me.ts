import type { identity } from '@vi/contracts';
import type { StoreOf } from '@vi/platform-bus';
import type { UserPrincipal } from '@vi/platform-grpc';
import type { Clock } from '@vi/platform-time';
import { IdentityError, IdentityErrorCode } from '../../domain/identity.errors';
import type { IdentityStore } from '../store';
import { planViewOf } from '../shared/plan-view';
import { requireCompany } from '../shared/require-company';
import { renderMe } from '../user-rendering';

/** The caller; a company user with their company and its plan as it is now. */
export async function getMe(
  deps: { store: StoreOf<IdentityStore, 'users' | 'companies' | 'plans'>; defaultAvatarUrl: string; clock: Clock },
  principal: UserPrincipal,
): Promise<identity.Me> {
  const user = await deps.store.read.users.find(principal.userUuid);
  if (!user) throw new IdentityError(IdentityErrorCode.UserNotFound);
  if (!user.companyUuid) return renderMe(user, null, deps.defaultAvatarUrl);
  const company = await requireCompany(deps.store.read, user.companyUuid);
  return renderMe(user, { company, plan: await planViewOf(deps.store.read, company, deps.clock.now()) }, deps.defaultAvatarUrl);
}
