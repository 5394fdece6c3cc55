import type { identity } from '@vi/contracts';
import type { StoreOf } from '@vi/platform-bus';
import { requireOperator, type Principal } from '@vi/platform-grpc';
import type { IdentityStore } from '../store';
import { renderPlanDefinition } from '../plan-rendering';

/** The plan catalogue, cheapest first, for operators. */
export async function listPlans(deps: { store: StoreOf<IdentityStore, 'plans'> }, caller: Principal): Promise<identity.PlanList> {
  requireOperator(caller);
  return { plans: (await deps.store.read.plans.list()).map(renderPlanDefinition) };
}
