import type { identity } from '@vi/contracts';
import type { Clock } from '@vi/platform-time';
import type { Caller, Principal } from '@vi/platform-grpc';
import type { IdentityDirectory } from '../application/ports';

interface Entry<T> {
  value: T;
  expiresAt: number;
}

/**
 * User and company summaries (names, emails, avatars) kept in this process, so a page of jobs costs no call to
 * identity once its people are known (decision 023). Identity's events drop an entry on every replica as soon as
 * they arrive (`forgetUser`, `forgetCompany`); the time to live bounds what a missed event can leave behind. A
 * fetch that was under way when an entry was dropped does not store what it read: it may predate the change.
 * Plan limits and features are not cached: a changed plan must apply to the very next job created.
 */
export class CachedIdentityDirectory implements IdentityDirectory {
  private readonly users = new Map<string, Entry<identity.UserSummary>>();
  private readonly companies = new Map<string, Entry<identity.CompanySummary>>();
  private drops = 0;

  constructor(
    private readonly source: IdentityDirectory,
    private readonly clock: Clock,
    private readonly ttlMs = 60_000,
    private readonly maxEntries = 20_000,
  ) {}

  /**
   * Moves with every drop: fetches started under an older generation are not stored, and pages of jobs rendered
   * under one are not served (MemoryJobPageCache).
   */
  get generation(): number {
    return this.drops;
  }

  jobsLimit(caller: Caller, companyUuid: string): Promise<number> {
    return this.source.jobsLimit(caller, companyUuid);
  }

  smsInvitations(caller: Caller<Principal>, companyUuid: string): Promise<boolean> {
    return this.source.smsInvitations(caller, companyUuid);
  }

  async summaries(caller: Caller<Principal>, userUuids: string[], companyUuids: string[]) {
    const now = this.clock.now().getTime();
    const users = new Map<string, identity.UserSummary>();
    const companies = new Map<string, identity.CompanySummary>();
    const missingUsers = collect(this.users, userUuids, users, now);
    const missingCompanies = collect(this.companies, companyUuids, companies, now);
    if (missingUsers.length === 0 && missingCompanies.length === 0) return { users, companies };
    const generation = this.generation;
    const fetched = await this.source.summaries(caller, missingUsers, missingCompanies);
    const keep = generation === this.generation;
    for (const [uuid, user] of fetched.users) {
      users.set(uuid, user);
      if (keep) this.store(this.users, uuid, user);
    }
    for (const [uuid, company] of fetched.companies) {
      companies.set(uuid, company);
      if (keep) this.store(this.companies, uuid, company);
    }
    return { users, companies };
  }

  /** A user was renamed, changed or deleted. */
  forgetUser(userUuid: string): void {
    this.drops++;
    this.users.delete(userUuid);
  }

  /** A company changed. */
  forgetCompany(companyUuid: string): void {
    this.drops++;
    this.companies.delete(companyUuid);
  }

  private store<T>(entries: Map<string, Entry<T>>, uuid: string, value: T): void {
    if (entries.size >= this.maxEntries) entries.clear();
    entries.set(uuid, { value, expiresAt: this.clock.now().getTime() + this.ttlMs });
  }
}

/** Puts the live cached values into `found`; returns the uuids still to fetch (each once). */
function collect<T>(entries: Map<string, Entry<T>>, uuids: string[], found: Map<string, T>, now: number): string[] {
  const missing = new Set<string>();
  for (const uuid of uuids) {
    if (found.has(uuid)) continue;
    const entry = entries.get(uuid);
    if (entry && entry.expiresAt > now) found.set(uuid, entry.value);
    else missing.add(uuid);
  }
  return [...missing];
}
