import type { identity } from '@vi/contracts';
import type { Clock } from '@vi/platform-time';
import { DirectoryCache, type Caller, type Principal } from '@vi/platform-grpc';
import type { IdentityDirectory } from '../application/ports';

/**
 * User and company summaries (names, emails, avatars) kept in this process, so a page of jobs costs no call to
 * identity once its people are known (decision 023). Identity's events drop an entry on every replica as soon as
 * they arrive (`forgetUser`, `forgetCompany`); the time to live bounds what a missed event can leave behind. A
 * fetch that was under way when an entry was dropped does not store what it read: it may predate the change.
 * Plan limits and features are not cached: a changed plan must apply to the very next job created.
 */
export class CachedIdentityDirectory implements IdentityDirectory {
  private readonly users: DirectoryCache<identity.UserSummary>;
  private readonly companies: DirectoryCache<identity.CompanySummary>;

  constructor(
    private readonly source: IdentityDirectory,
    clock: Clock,
    ttlMs = 60_000,
    maxEntries = 20_000,
  ) {
    this.users = new DirectoryCache({ clock, ttlMs, maxEntries });
    this.companies = new DirectoryCache({ clock, ttlMs, maxEntries });
  }

  /**
   * Moves with every drop: fetches started under an older generation are not stored, and pages of jobs rendered
   * under one are not served (MemoryJobPageCache).
   */
  get generation(): number {
    return this.users.mark() + this.companies.mark();
  }

  jobsLimit(caller: Caller, companyUuid: string): Promise<number> {
    return this.source.jobsLimit(caller, companyUuid);
  }

  smsInvitations(caller: Caller<Principal>, companyUuid: string): Promise<boolean> {
    return this.source.smsInvitations(caller, companyUuid);
  }

  async summaries(caller: Caller<Principal>, userUuids: string[], companyUuids: string[]) {
    const users = new Map<string, identity.UserSummary>();
    const companies = new Map<string, identity.CompanySummary>();
    const missingUsers = collect(this.users, userUuids, users);
    const missingCompanies = collect(this.companies, companyUuids, companies);
    if (missingUsers.length === 0 && missingCompanies.length === 0) return { users, companies };
    const userMark = this.users.mark();
    const companyMark = this.companies.mark();
    const fetched = await this.source.summaries(caller, missingUsers, missingCompanies);
    for (const [uuid, user] of fetched.users) {
      users.set(uuid, user);
      this.users.store(uuid, user, userMark);
    }
    for (const [uuid, company] of fetched.companies) {
      companies.set(uuid, company);
      this.companies.store(uuid, company, companyMark);
    }
    return { users, companies };
  }

  /** A user was renamed, changed or deleted. */
  forgetUser(userUuid: string): void {
    this.users.forget(userUuid);
  }

  /** A company changed. */
  forgetCompany(companyUuid: string): void {
    this.companies.forget(companyUuid);
  }
}

/** Puts the live cached values into `found`; returns the uuids still to fetch (each once). */
function collect<T>(cache: DirectoryCache<T>, uuids: string[], found: Map<string, T>): string[] {
  const missing = new Set<string>();
  for (const uuid of uuids) {
    if (found.has(uuid)) continue;
    const value = cache.get(uuid);
    if (value !== undefined) found.set(uuid, value);
    else missing.add(uuid);
  }
  return [...missing];
}
