import { z } from 'zod';
import type { Plan } from '../generated/identity';
import { timestampView } from './view-parts';

const quota = z.object({ remaining: z.number().int(), limit: z.number().int() });

export const PlanView = z
  .object({
    name: z.string(),
    started_at: timestampView,
    renews_at: timestampView,
    jobs: quota,
    users: quota.extend({ paid: z.number().int() }),
    downgrades_to: z.object({ name: z.string(), at: timestampView }).optional(),
    features: z.record(z.string(), z.boolean()),
  })
  .meta({ id: 'Plan' });

/** The company's plan (`GET /plan`, the `plan` of `GET /me`): its job slots are filled in by the jobs service's count. */
export function planJson(plan: Plan): z.output<typeof PlanView> {
  return {
    name: plan.name,
    started_at: plan.started_at,
    renews_at: plan.renews_at,
    jobs: { remaining: plan.jobs?.remaining ?? 0, limit: plan.jobs?.limit ?? 0 },
    users: { remaining: plan.users?.remaining ?? 0, limit: plan.users?.limit ?? 0, paid: plan.users?.paid ?? 0 },
    ...(plan.downgrades_to ? { downgrades_to: { name: plan.downgrades_to.name, at: plan.downgrades_to.at } } : {}),
    features: plan.features,
  };
}
