import type { UserPrincipal } from '@vi/platform-grpc';
import { IdentityError, IdentityErrorCode } from '../../domain/identity.errors';
import type { Company, User } from '../../domain/user';
import type { IdentityStore } from '../../infrastructure/identity.store';
import { planViewOf, requireCompany, type PlanView } from '../company-plan';

export interface MeView {
  user: User;
  company: { company: Company; plan: PlanView } | null;
}

export async function getMe(deps: { store: IdentityStore }, principal: UserPrincipal): Promise<MeView> {
  const user = await deps.store.read.users.find(principal.userUuid);
  if (!user) throw new IdentityError(IdentityErrorCode.UserNotFound);
  if (!user.companyUuid) return { user, company: null };
  const company = await requireCompany(deps.store.read, user.companyUuid);
  return { user, company: { company, plan: await planViewOf(deps.store.read, company) } };
}
