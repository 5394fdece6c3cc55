import { z } from 'zod';
import { CompanySummaryView, timestampView, UserSummaryView, uuidView, type identity } from '@vi/contracts';

const quota = z.object({ remaining: z.number().int(), limit: z.number().int() });

/** Response schemas of identity's endpoints; the view functions below return their types (decision 021). */
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

export const CompanyUserView = z
  .object({
    uuid: uuidView,
    active: z.boolean(),
    name: z.string(),
    email: z.string(),
    role: z.enum(['administrator', 'standard']),
    avatar: z.string(),
    company: CompanySummaryView.nullable(),
    created_at: timestampView,
    updated_at: timestampView,
  })
  .meta({ id: 'CompanyUser' });

export const CompanyView = z
  .object({
    uuid: uuidView,
    name: z.string(),
    website: z.string(),
    summary: z.string(),
    created_at: timestampView,
    updated_at: timestampView,
    avatar: z.string(),
    horizontal_logo: z.string().nullable(),
    social: z.object({ facebook: z.string(), twitter: z.string(), youtube: z.string(), gplus: z.string(), pintrest: z.string(), rss: z.string() }).nullable(),
    location: z.object({ uuid: z.string(), formatted_address: z.string(), google_place_id: z.string() }).nullable(),
    video: z.object({ url: z.string(), mobile: z.string(), embed: z.string(), thumbnail: z.string() }).nullable(),
    industry: z.object({ uuid: z.string(), name: z.string() }).nullable(),
  })
  .meta({ id: 'Company' });

export const ApiKeyView = z
  .object({
    key: z.string(),
    description: z.string(),
    type: z.string(),
    last_used_at: timestampView.nullable(),
    created_at: timestampView,
    updated_at: timestampView,
    user: UserSummaryView.nullable(),
  })
  .meta({ id: 'ApiKey' });

/** JSON shapes of the API reference, from identity's messages (proto omits nulls; the API shows them). */
export const identityViews = {
  plan(plan: identity.Plan): z.output<typeof PlanView> {
    return {
      name: plan.name,
      started_at: plan.started_at,
      renews_at: plan.renews_at,
      jobs: { remaining: plan.jobs?.remaining ?? 0, limit: plan.jobs?.limit ?? 0 },
      users: { remaining: plan.users?.remaining ?? 0, limit: plan.users?.limit ?? 0, paid: plan.users?.paid ?? 0 },
      ...(plan.downgrades_to ? { downgrades_to: { name: plan.downgrades_to.name, at: plan.downgrades_to.at } } : {}),
      features: plan.features,
    };
  },

  me(me: identity.Me): z.output<typeof MeView> {
    return {
      uuid: me.uuid,
      name: me.name,
      email: me.email,
      avatar: me.avatar,
      type: me.type as z.output<typeof MeView>['type'],
      company: me.company
        ? { uuid: me.company.uuid, name: me.company.name, avatar: me.company.avatar, plan: me.company.plan ? identityViews.plan(me.company.plan) : null }
        : null,
    };
  },

  companyUser(user: identity.CompanyUser): z.output<typeof CompanyUserView> {
    return {
      uuid: user.uuid,
      active: user.active,
      name: user.name,
      email: user.email,
      role: user.role as z.output<typeof CompanyUserView>['role'],
      avatar: user.avatar,
      company: user.company ?? null,
      created_at: user.created_at,
      updated_at: user.updated_at,
    };
  },

  company(company: identity.Company): z.output<typeof CompanyView> {
    return {
      uuid: company.uuid,
      name: company.name,
      website: company.website,
      summary: company.summary,
      created_at: company.created_at,
      updated_at: company.updated_at,
      avatar: company.avatar,
      horizontal_logo: company.horizontal_logo || null,
      social: company.social ?? null,
      location: company.location ?? null,
      video: company.video ?? null,
      industry: company.industry ?? null,
    };
  },

  apiKey(key: identity.ApiKey): z.output<typeof ApiKeyView> {
    return {
      key: key.key,
      description: key.description,
      type: key.type,
      last_used_at: key.last_used_at ?? null,
      created_at: key.created_at,
      updated_at: key.updated_at,
      user: key.user ?? null,
    };
  },
};
