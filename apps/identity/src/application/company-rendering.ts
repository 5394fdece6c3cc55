import { IdentitySubjects, type CompanyEventPayload, type identity } from '@vi/contracts';
import type { NewEvent } from '@vi/platform-bus';
import { toRfc3339 } from '@vi/platform-time';
import type { PlanDefinition } from '../domain/plan';
import type { Company } from '../domain/user';
import { avatarOf } from './avatar-rendering';

export function renderCompanySummary(company: Pick<Company, 'uuid' | 'name' | 'avatarUrl'>, defaultAvatarUrl: string): identity.CompanySummary {
  return { uuid: company.uuid, name: company.name, avatar: avatarOf(company.avatarUrl, defaultAvatarUrl) };
}

export function renderCompany(company: Company, defaultAvatarUrl: string): identity.Company {
  const social = company.social;
  return {
    uuid: company.uuid,
    name: company.name,
    website: company.website,
    summary: company.summary,
    created_at: toRfc3339(company.createdAt),
    updated_at: toRfc3339(company.updatedAt),
    avatar: avatarOf(company.avatarUrl, defaultAvatarUrl),
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

/** CompanyCreated and CompanyPlanChanged: the company with the plan in force and its features. */
export function companyEvent(
  subject: typeof IdentitySubjects.CompanyCreated | typeof IdentitySubjects.CompanyPlanChanged,
  company: Company,
  plan: PlanDefinition,
): NewEvent {
  const payload: CompanyEventPayload = { uuid: company.uuid, name: company.name, plan: plan.code, features: plan.features };
  return { subject, payload };
}
