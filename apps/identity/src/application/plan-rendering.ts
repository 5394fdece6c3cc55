import type { identity } from '@vi/contracts';
import { toRfc3339 } from '@vi/platform-time';
import type { PlanDefinition } from '../domain/plan';
import type { PlanView } from './shared/plan-view';

export function renderPlan(view: PlanView): identity.Plan {
  return {
    code: view.plan.code,
    name: view.plan.name,
    started_at: toRfc3339(view.startedAt),
    renews_at: toRfc3339(view.renewsAt),
    jobs: view.jobs,
    users: view.users,
    downgrades_to: view.downgradesTo ? { name: view.downgradesTo.name, at: toRfc3339(view.downgradesTo.at) } : undefined,
    features: view.plan.features,
  };
}

export function renderPlanDefinition(plan: PlanDefinition): identity.PlanDefinition {
  return { code: plan.code, name: plan.name, jobs_limit: plan.jobsLimit, users_limit: plan.usersLimit, features: plan.features };
}
