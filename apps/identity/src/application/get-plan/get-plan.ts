import type { identity } from '@vi/contracts';
import type { StoreOf } from '@vi/platform-bus';
import { companyUserOf, type UserPrincipal } from '@vi/platform-grpc';
import type { Clock } from '@vi/platform-time';
import type { IdentityStore } from '../store';
import { renderPlan } from '../plan-rendering';
import { planViewOf } from '../shared/plan-view';
import { requireCompany } from '../shared/require-company';

/** The caller's company's plan as it is now: limits, what remains, the billing period, a scheduled downgrade. */
export async function getPlan(
  deps: { store: StoreOf<IdentityStore, 'companies' | 'plans' | 'users'>; clock: Clock },
  principal: UserPrincipal,
): Promise<identity.Plan> {
  const company = await requireCompany(deps.store.read, companyUserOf(principal).companyUuid);
  return renderPlan(await planViewOf(deps.store.read, company, deps.clock.now()));
}
