import { IdentitySubjects, type PasswordResetRequestedPayload, type identity, type UserEventPayload } from '@vi/contracts';
import type { NewEvent } from '@vi/platform-bus';
import type { UserPrincipal } from '@vi/platform-grpc';
import { toRfc3339 } from '@vi/platform-time';
import type { Company, User } from '../domain/user';
import { renderCompanySummary } from './company-rendering';
import { renderPlan } from './plan-rendering';
import type { PlanView } from './shared/plan-view';
import { avatarOf } from './avatar-rendering';

export function renderUserSummary(user: Pick<User, 'uuid' | 'name' | 'email' | 'avatarUrl'>, defaultAvatarUrl: string): identity.UserSummary {
  return { uuid: user.uuid, name: user.name, email: user.email, avatar: avatarOf(user.avatarUrl, defaultAvatarUrl) };
}

/** Who a credential (an API key, a web session) acts for, as the gateway turns it into a principal. */
export function renderActingUser(user: Omit<UserPrincipal, 'kind'>): { user_uuid: string; company_uuid?: string; role?: string; user_type: string } {
  return { user_uuid: user.userUuid, company_uuid: user.companyUuid ?? undefined, role: user.role ?? undefined, user_type: user.userType };
}

export function renderCompanyUser(user: User, company: Company, defaultAvatarUrl: string): identity.CompanyUser {
  return {
    uuid: user.uuid,
    active: user.active,
    name: user.name,
    email: user.email,
    role: user.role ?? '',
    avatar: avatarOf(user.avatarUrl, defaultAvatarUrl),
    company: renderCompanySummary(company, defaultAvatarUrl),
    created_at: toRfc3339(user.createdAt),
    updated_at: toRfc3339(user.updatedAt),
  };
}

/** GET /me: the caller, and for a company user their company with its plan. */
export function renderMe(user: User, company: { company: Company; plan: PlanView } | null, defaultAvatarUrl: string): identity.Me {
  return {
    uuid: user.uuid,
    name: user.name,
    email: user.email,
    avatar: avatarOf(user.avatarUrl, defaultAvatarUrl),
    type: user.type,
    company: company ? { ...renderCompanySummary(company.company, defaultAvatarUrl), plan: renderPlan(company.plan) } : undefined,
  };
}

function userPayload(user: User, defaultAvatarUrl: string, at: Date): UserEventPayload {
  return {
    uuid: user.uuid,
    company_uuid: user.companyUuid,
    type: user.type,
    role: user.role,
    name: user.name,
    email: user.email,
    avatar: avatarOf(user.avatarUrl, defaultAvatarUrl),
    occurred_at: toRfc3339(at),
  };
}

export const userEvents = {
  /** No set-password link: the notifications service asks for one when it sends the email (decision 018). */
  created: (user: User, defaultAvatarUrl: string): NewEvent => ({
    subject: user.type === 'job_seeker' ? IdentitySubjects.JobSeekerCreated : IdentitySubjects.UserCreated,
    payload: userPayload(user, defaultAvatarUrl, user.createdAt),
  }),
  updated: (user: User, defaultAvatarUrl: string): NewEvent => ({
    subject: IdentitySubjects.UserUpdated,
    payload: userPayload(user, defaultAvatarUrl, user.updatedAt),
  }),
  deleted: (user: User, defaultAvatarUrl: string, at: Date): NewEvent => ({
    subject: IdentitySubjects.UserDeleted,
    payload: userPayload(user, defaultAvatarUrl, at),
  }),
  /** No link in either: notifications asks for a fresh one when it sends the email (decision 018). */
  setPasswordRequested: (user: User, defaultAvatarUrl: string, at: Date): NewEvent => ({
    subject: IdentitySubjects.SetPasswordRequested,
    payload: userPayload(user, defaultAvatarUrl, at),
  }),
  passwordResetRequested: (user: User, defaultAvatarUrl: string, at: Date, companyName: string): NewEvent => ({
    subject: IdentitySubjects.PasswordResetRequested,
    payload: { ...userPayload(user, defaultAvatarUrl, at), company_name: companyName } satisfies PasswordResetRequestedPayload,
  }),
};
