import type { UserPrincipal } from '@vi/platform-grpc';
import { companyOf } from '../../domain/user';
import type { IdentityStore } from '../../infrastructure/identity.store';
import { planViewOf, requireCompany, type PlanView } from '../company-plan';

export async function getPlan(deps: { store: IdentityStore }, principal: UserPrincipal): Promise<PlanView> {
  const company = await requireCompany(deps.store.read, companyOf(principal));
  return planViewOf(deps.store.read, company);
}
