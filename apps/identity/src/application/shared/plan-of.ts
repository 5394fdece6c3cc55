import type { ReposOf } from '@vi/platform-bus';
import { IdentityError, IdentityErrorCode } from '../../domain/identity.errors';
import { planInForce, type PlanDefinition } from '../../domain/plan';
import type { Company } from '../../domain/user';
import type { IdentityStore } from '../store';

/** The plan in force for a company at `now` (a downgrade whose date has come counts as applied). */
export async function planOf(repos: ReposOf<IdentityStore, 'plans'>, company: Company, now: Date): Promise<PlanDefinition> {
  const { code } = planInForce(company, now);
  const plan = await repos.plans.find(code);
  if (!plan) throw new IdentityError(IdentityErrorCode.PlanNotFound);
  return plan;
}
