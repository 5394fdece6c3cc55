import { companyUserOf, type UserPrincipal } from '@vi/platform-grpc';
import type { IdentityStore } from '../../infrastructure/identity.store';
import { planViewOf, requireCompany, type PlanView } from '../company-plan';

export async function getPlan(deps: { store: IdentityStore }, principal: UserPrincipal): Promise<PlanView> {
  const company = await requireCompany(deps.store.read, companyUserOf(principal).companyUuid);
  return planViewOf(deps.store.read, company);
}
