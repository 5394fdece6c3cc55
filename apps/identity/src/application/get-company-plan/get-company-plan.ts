import type { Principal } from '@vi/platform-grpc';
import { IdentityError, IdentityErrorCode } from '../../domain/identity.errors';
import type { PlanDefinition } from '../../domain/plan';
import type { IdentityStore } from '../../infrastructure/identity.store';
import { planOf, requireCompany } from '../company-plan';

/** The plan in force for a company, for services enforcing its limits (jobs slots, features). */
export async function getCompanyPlan(deps: { store: IdentityStore }, caller: Principal, companyUuid: string): Promise<PlanDefinition> {
  if (caller.kind === 'user' && caller.companyUuid !== companyUuid) throw new IdentityError(IdentityErrorCode.CompanyNotFound);
  return planOf(deps.store.read, await requireCompany(deps.store.read, companyUuid));
}
