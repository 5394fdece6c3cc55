import type { Principal } from '@vi/platform-grpc';
import type { PlanDefinition } from '../../domain/plan';
import type { IdentityStore } from '../../infrastructure/identity.store';
import { requireOperator } from '../create-company/create-company';

export async function listPlans(deps: { store: IdentityStore }, caller: Principal): Promise<PlanDefinition[]> {
  requireOperator(caller);
  return deps.store.read.plans.list();
}
