import type { identity } from '@vi/contracts';
import { toRfc3339 } from '@vi/platform-time';
import type { ApiKeyView } from '../../application/api-key-view';
import type { PlanView } from '../../application/company-plan';
import type { PlanDefinition } from '../../domain/plan';
import type { Company, User } from '../../domain/user';

/** Turns domain objects into the proto messages of identity.proto. */
export class IdentityMappers {
  constructor(private readonly defaultAvatarUrl: string) {}

  avatar(url: string | null): string {
    return url ?? this.defaultAvatarUrl;
  }

  companySummary(company: Company): identity.CompanySummary {
    return { uuid: company.uuid, name: company.name, avatar: this.avatar(company.avatarUrl) };
  }

  userSummary(user: User): identity.UserSummary {
    return { uuid: user.uuid, name: user.name, email: user.email, avatar: this.avatar(user.avatarUrl) };
  }

  plan(view: PlanView): identity.Plan {
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

  planDefinition(plan: PlanDefinition): identity.PlanDefinition {
    return { code: plan.code, name: plan.name, jobs_limit: plan.jobsLimit, users_limit: plan.usersLimit, features: plan.features };
  }

  companyUser(user: User, company: Company): identity.CompanyUser {
    return {
      uuid: user.uuid,
      active: user.active,
      name: user.name,
      email: user.email,
      role: user.role ?? '',
      avatar: this.avatar(user.avatarUrl),
      company: this.companySummary(company),
      created_at: toRfc3339(user.createdAt),
      updated_at: toRfc3339(user.updatedAt),
    };
  }

  company(company: Company): identity.Company {
    const social = company.social;
    return {
      uuid: company.uuid,
      name: company.name,
      website: company.website,
      summary: company.summary,
      created_at: toRfc3339(company.createdAt),
      updated_at: toRfc3339(company.updatedAt),
      avatar: this.avatar(company.avatarUrl),
      horizontal_logo: company.horizontalLogoUrl ?? '',
      social: {
        facebook: social.facebook ?? '',
        twitter: social.twitter ?? '',
        youtube: social.youtube ?? '',
        gplus: social.gplus ?? '',
        pintrest: social.pintrest ?? '',
        rss: social.rss ?? '',
      },
      location: company.location ?? undefined,
      video: company.video ?? undefined,
      industry: company.industry ?? undefined,
    };
  }

  apiKey(view: ApiKeyView): identity.ApiKey {
    return {
      key: view.value,
      description: view.key.description,
      type: view.key.type,
      last_used_at: view.key.lastUsedAt ? toRfc3339(view.key.lastUsedAt) : undefined,
      created_at: toRfc3339(view.key.createdAt),
      updated_at: toRfc3339(view.key.updatedAt),
      user: this.userSummary(view.user),
    };
  }
}
