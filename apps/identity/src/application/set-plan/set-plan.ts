import { IdentitySubjects, type identity } from '@vi/contracts';
import type { StoreOf } from '@vi/platform-bus';
import { requireOperator, type Principal } from '@vi/platform-grpc';
import type { Clock } from '@vi/platform-time';
import { IdentityError, IdentityErrorCode } from '../../domain/identity.errors';
import { isDowngrade, renewsAt } from '../../domain/plan';
import type { IdentityStore } from '../store';
import { companyEvent } from '../company-rendering';
import { renderPlan } from '../plan-rendering';
import { planOf } from '../shared/plan-of';
import { planViewOf } from '../shared/plan-view';

export interface SetPlanInput {
  companyUuid: string;
  planCode: string;
}

/**
 * Changes a company's plan: an upgrade applies at once and starts a new
 * billing period; a downgrade is scheduled for the end of the current period
 * (shown as `downgrades_to`). Choosing the current plan cancels a scheduled downgrade.
 */
export async function setPlan(
  deps: { store: StoreOf<IdentityStore, 'companies' | 'plans' | 'users'>; clock: Clock },
  caller: Principal,
  input: SetPlanInput,
): Promise<identity.Plan> {
  requireOperator(caller);
  return deps.store.transaction(async (tx) => {
    const company = await tx.companies.lock(input.companyUuid);
    if (!company) throw new IdentityError(IdentityErrorCode.CompanyNotFound);
    const target = await tx.plans.find(input.planCode);
    if (!target) throw new IdentityError(IdentityErrorCode.PlanNotFound, `Unknown plan ${input.planCode}`);
    const now = deps.clock.now();
    const current = await planOf(tx, company, now);
    let change;
    if (target.code === current.code) {
      change = { planCode: current.code, planStartedAt: company.planStartedAt, downgradePlanCode: null, downgradeAt: null, updatedAt: now };
    } else if (isDowngrade(current, target)) {
      change = {
        planCode: current.code,
        planStartedAt: company.planStartedAt,
        downgradePlanCode: target.code,
        downgradeAt: renewsAt(company.planStartedAt, now),
        updatedAt: now,
      };
    } else {
      change = { planCode: target.code, planStartedAt: now, downgradePlanCode: null, downgradeAt: null, updatedAt: now };
    }
    await tx.companies.updatePlan(company.uuid, change);
    const updated = { ...company, ...change };
    await tx.publish([companyEvent(IdentitySubjects.CompanyPlanChanged, updated, await planOf(tx, updated, now))]);
    return renderPlan(await planViewOf(tx, updated, now));
  });
}
