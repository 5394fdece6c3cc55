import { randomUUID } from 'node:crypto';
import type { Principal, UserPrincipal } from '@vi/platform-grpc';
import type { PlanDefinition } from '../src/domain/plan';
import type { StoredSession } from '../src/domain/session';
import type { Company, User } from '../src/domain/user';
import type { StoredApiKey } from '../src/application/store';

/** Test data of the identity service with valid defaults (decision 027): a spec names only what matters to it. */

export const T0 = new Date('2026-03-02T09:00:00+00:00');
export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
export const DEFAULT_AVATAR = 'https://app.example/assets/default-avatar.svg';

/** The seeded catalogue (migration 0001, decision 005). */
export const PLANS: Record<'essentials' | 'starter' | 'growth' | 'unlimited', PlanDefinition> = {
  essentials: {
    code: 'essentials',
    name: 'Essentials',
    rank: 0,
    jobsLimit: 1,
    usersLimit: 1,
    features: { advanced_share_links: false, interview_sms_notifications: false, api_access: false },
  },
  starter: {
    code: 'starter',
    name: 'Starter',
    rank: 1,
    jobsLimit: 1,
    usersLimit: 2,
    features: { advanced_share_links: false, interview_sms_notifications: false, api_access: true },
  },
  growth: {
    code: 'growth',
    name: 'Growth',
    rank: 2,
    jobsLimit: 10,
    usersLimit: 10,
    features: { advanced_share_links: true, interview_sms_notifications: true, api_access: true },
  },
  unlimited: {
    code: 'unlimited',
    name: 'Unlimited',
    rank: 3,
    jobsLimit: -1,
    usersLimit: -1,
    features: { advanced_share_links: true, interview_sms_notifications: true, api_access: true },
  },
};

export function aCompany(overrides: Partial<Company> = {}): Company {
  const at = overrides.createdAt ?? T0;
  return {
    uuid: randomUUID(),
    name: 'Acme',
    website: '',
    summary: '',
    avatarUrl: null,
    horizontalLogoUrl: null,
    social: {},
    location: null,
    video: null,
    industry: null,
    planCode: 'growth',
    planStartedAt: at,
    usersPaid: 0,
    downgradePlanCode: null,
    downgradeAt: null,
    createdAt: at,
    updatedAt: at,
    ...overrides,
  };
}

/** A standard company user of `company` (an administrator with `{ role: 'administrator' }`). */
export function aUser(company: Pick<Company, 'uuid'>, overrides: Partial<User> = {}): User {
  const uuid = overrides.uuid ?? randomUUID();
  const at = overrides.createdAt ?? T0;
  return {
    uuid,
    companyUuid: company.uuid,
    type: 'company_user',
    role: 'standard',
    name: 'Pat Doe',
    email: `pat.${uuid.slice(0, 8)}@acme.example`,
    avatarUrl: null,
    active: true,
    createdAt: at,
    updatedAt: at,
    ...overrides,
  };
}

export function aJobSeekerUser(overrides: Partial<User> = {}): User {
  return aUser({ uuid: '' }, { companyUuid: null, type: 'job_seeker', role: null, name: 'Sam Seeker', email: 'sam@seeker.example', ...overrides });
}

/** The principal a user acts as (their API key, or a web session). */
export function principalOf(user: User): UserPrincipal {
  return { kind: 'user', userUuid: user.uuid, companyUuid: user.companyUuid, role: user.role, userType: user.type };
}

/** A platform process acting on its own behalf: the gateway, the admin CLI, another service. */
export const aService = (service = 'admin-cli'): Principal => ({ kind: 'service', service });

export function anApiKey(user: Pick<User, 'uuid'>, overrides: Partial<StoredApiKey> = {}): StoredApiKey {
  return {
    uuid: randomUUID(),
    userUuid: user.uuid,
    keyHash: `hash-${randomUUID()}`,
    keyCiphertext: 'sealed',
    description: '',
    type: 'custom_integration',
    lastUsedAt: null,
    createdAt: T0,
    updatedAt: T0,
    ...overrides,
  };
}

export function aSession(user: Pick<User, 'uuid'>, overrides: Partial<StoredSession> = {}): StoredSession {
  return { uuid: randomUUID(), userUuid: user.uuid, createdAt: T0, lastSeenAt: T0, expiresAt: new Date(T0.getTime() + 12 * HOUR), ...overrides };
}
