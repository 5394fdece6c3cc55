import type { identity } from '@vi/contracts';
import type { StoreOf } from '@vi/platform-bus';
import type { Principal } from '@vi/platform-grpc';
import type { Clock } from '@vi/platform-time';
import { IdentityError, IdentityErrorCode } from '../../domain/identity.errors';
import type { IdentityStore } from '../store';
import { renderPlanDefinition } from '../plan-rendering';
import { planOf } from '../shared/plan-of';
import { requireCompany } from '../shared/require-company';

/** The plan in force for a company, for services enforcing its limits (jobs slots, features). */
export async function getCompanyPlan(
  deps: { store: StoreOf<IdentityStore, 'companies' | 'plans'>; clock: Clock },
  caller: Principal,
  companyUuid: string,
): Promise<identity.PlanDefinition> {
  if (caller.kind === 'user' && caller.companyUuid !== companyUuid) throw new IdentityError(IdentityErrorCode.CompanyNotFound);
  return renderPlanDefinition(await planOf(deps.store.read, await requireCompany(deps.store.read, companyUuid), deps.clock.now()));
}
