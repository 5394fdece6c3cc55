import type { ReposOf } from '@vi/platform-bus';
import { planInForce, remainingOf, renewsAt, type PlanDefinition } from '../../domain/plan';
import type { Company } from '../../domain/user';
import type { IdentityStore } from '../store';
import { planOf } from './plan-of';

/** A company's plan as the API shows it: limits, what remains, the billing period. */
export interface PlanView {
  plan: PlanDefinition;
  startedAt: Date;
  renewsAt: Date;
  jobs: { remaining: number; limit: number };
  users: { remaining: number; limit: number; paid: number };
  downgradesTo: { name: string; at: Date } | null;
}

/** The plan in force at `now`, its billing period and the user slots left. */
export async function planViewOf(repos: ReposOf<IdentityStore, 'plans' | 'users'>, company: Company, now: Date): Promise<PlanView> {
  const plan = await planOf(repos, company, now);
  const { downgradeDue } = planInForce(company, now);
  const startedAt = downgradeDue && company.downgradeAt ? company.downgradeAt : company.planStartedAt;
  const usersUsed = await repos.users.countCompanyUsers(company.uuid);
  let downgradesTo: PlanView['downgradesTo'] = null;
  if (!downgradeDue && company.downgradePlanCode && company.downgradeAt) {
    const target = await repos.plans.find(company.downgradePlanCode);
    if (target) downgradesTo = { name: target.name, at: company.downgradeAt };
  }
  return {
    plan,
    startedAt,
    renewsAt: renewsAt(startedAt, now),
    // Job posts live in the jobs service, which counts job slots (GetJobSlots);
    // identity knows only the limit, and the gateway shows the jobs service's count.
    jobs: { remaining: remainingOf(plan.jobsLimit, 0), limit: plan.jobsLimit },
    users: { remaining: remainingOf(plan.usersLimit, usersUsed, company.usersPaid), limit: plan.usersLimit, paid: company.usersPaid },
    downgradesTo,
  };
}
