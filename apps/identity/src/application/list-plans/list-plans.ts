import { requireOperator, type Principal } from '@vi/platform-grpc';
import type { PlanDefinition } from '../../domain/plan';
import type { IdentityStore } from '../../infrastructure/identity.store';

export async function listPlans(deps: { store: IdentityStore }, caller: Principal): Promise<PlanDefinition[]> {
  requireOperator(caller);
  return deps.store.read.plans.list();
}
