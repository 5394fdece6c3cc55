import type { identity } from '@vi/contracts';

/** JSON shapes of the API reference, from identity's messages (proto omits nulls; the API shows them). */
export const identityViews = {
  plan(plan: identity.Plan) {
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

  me(me: identity.Me) {
    return {
      uuid: me.uuid,
      name: me.name,
      email: me.email,
      avatar: me.avatar,
      type: me.type,
      company: me.company
        ? { uuid: me.company.uuid, name: me.company.name, avatar: me.company.avatar, plan: me.company.plan ? identityViews.plan(me.company.plan) : null }
        : null,
    };
  },

  companyUser(user: identity.CompanyUser) {
    return {
      uuid: user.uuid,
      active: user.active,
      name: user.name,
      email: user.email,
      role: user.role,
      avatar: user.avatar,
      company: user.company ?? null,
      created_at: user.created_at,
      updated_at: user.updated_at,
    };
  },

  company(company: identity.Company) {
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

  apiKey(key: identity.ApiKey) {
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
