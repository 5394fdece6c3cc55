import { randomUUID } from 'node:crypto';
import type { identity } from '@vi/contracts';
import type { UserPrincipal, Caller } from '@vi/platform-grpc';
import type { IdentityDirectory } from '../src/application/ports';
import type { Job, OpenInterview } from '../src/domain/job';
import type { LocationInput } from '../src/domain/location';

/** Links as the jobs service renders them, under a test base URL. */
export const testLinks = {
  linkOf: (uuid: string) => `https://vi.test/apply/${uuid}`,
  videoUrlOf: (uuid: string) => `https://vi.test/v1.0/public/job_videos/${uuid}`,
};

/** Decision 027: jobs' domain objects with valid defaults, so that a spec states only what matters to it. */

const AT = new Date('2026-01-01T09:00:00+00:00');

export function aJob(overrides: Partial<Job> = {}): Job {
  const createdBy = overrides.createdBy ?? randomUUID();
  return {
    uuid: randomUUID(),
    companyUuid: randomUUID(),
    title: 'Backend engineer',
    description: 'Builds the API',
    status: 'inactive',
    locationUuid: randomUUID(),
    locationAddress: 'Remote',
    place: { kind: 'locality', workMode: 'remote', workPlace: '' },
    createdBy,
    statusUpdatedBy: createdBy,
    createdAt: AT,
    updatedAt: AT,
    statusUpdatedAt: AT,
    openInterview: null,
    video: null,
    ...overrides,
  };
}

/** An active open interview taking 200 applications a day until 2027, turned on by `createdBy`. */
export function anOpenInterview(overrides: Partial<OpenInterview> & Pick<OpenInterview, 'createdBy' | 'questions'>): OpenInterview {
  return { uuid: randomUUID(), status: 'active', expiresAt: new Date('2027-01-01T00:00:00Z'), applicationsPerDay: 200, ...overrides };
}

export function anAddress(overrides: Partial<Extract<LocationInput, { kind: 'address' }>> = {}): LocationInput {
  return { kind: 'address', city: 'Austin', state: 'TX', country: 'United States', ...overrides };
}

export const REMOTE: LocationInput = { kind: 'locality', workMode: 'remote', workPlace: '' };

export function aCompanyUser(overrides: Partial<UserPrincipal> = {}): UserPrincipal {
  return { kind: 'user', userUuid: randomUUID(), companyUuid: randomUUID(), role: 'administrator', userType: 'company_user', ...overrides };
}

export function aJobSeeker(overrides: Partial<UserPrincipal> = {}): UserPrincipal {
  return { kind: 'user', userUuid: randomUUID(), companyUuid: null, role: null, userType: 'job_seeker', ...overrides };
}

export function aCaller(principal: UserPrincipal = aCompanyUser()): Caller {
  return { principal };
}

/**
 * Identity as jobs sees it: names of people and companies from a table (made up unless set), a plan limit per company
 * (unlimited unless set). Stands in for the identity service wherever a spec is not about the call itself.
 */
export class IdentityTable implements IdentityDirectory {
  readonly names = new Map<string, string>();
  readonly limits = new Map<string, number>();
  /** Moves on every rename, as CachedIdentityDirectory's does on identity's events. */
  generation = 0;

  rename(uuid: string, name: string): void {
    this.names.set(uuid, name);
    this.generation++;
  }

  async jobsLimit(_caller: Caller, companyUuid: string): Promise<number> {
    return this.limits.get(companyUuid) ?? -1;
  }

  /** Companies whose plan sends SMS invitations. */
  readonly sms = new Set<string>();

  async smsInvitations(_caller: Caller, companyUuid: string): Promise<boolean> {
    return this.sms.has(companyUuid);
  }

  async summaries(_caller: Caller, userUuids: string[], companyUuids: string[]) {
    return {
      users: new Map(userUuids.map((uuid): [string, identity.UserSummary] => [uuid, this.userSummary(uuid)])),
      companies: new Map(
        companyUuids.map((uuid): [string, identity.CompanySummary] => [
          uuid,
          { uuid, name: this.names.get(uuid) ?? `Company ${uuid.slice(0, 8)}`, avatar: '' },
        ]),
      ),
    };
  }

  userSummary(uuid: string): identity.UserSummary {
    return { uuid, name: this.names.get(uuid) ?? `Person ${uuid.slice(0, 8)}`, email: `${uuid.slice(0, 8)}@people.example`, avatar: '' };
  }
}
