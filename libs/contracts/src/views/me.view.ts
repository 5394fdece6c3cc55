import { z } from 'zod';
import type { Me } from '../generated/identity';
import { planJson, PlanView } from './plan.view';
import { uuidView } from './view-parts';

export const MeView = z
  .object({
    uuid: uuidView,
    name: z.string(),
    email: z.string(),
    avatar: z.string(),
    type: z.enum(['company_user', 'job_seeker']),
    company: z.object({ uuid: uuidView, name: z.string(), avatar: z.string(), plan: PlanView.nullable() }).nullable(),
  })
  .meta({ id: 'Me' });

/** `GET /me`: the caller, and for a company user their company with its plan. */
export function meJson(me: Me): z.output<typeof MeView> {
  return {
    uuid: me.uuid,
    name: me.name,
    email: me.email,
    avatar: me.avatar,
    type: me.type as z.output<typeof MeView>['type'],
    company: me.company
      ? { uuid: me.company.uuid, name: me.company.name, avatar: me.company.avatar, plan: me.company.plan ? planJson(me.company.plan) : null }
      : null,
  };
}
