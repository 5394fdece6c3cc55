import type { PublishedEvent, Stateful } from '@vi/platform-testing';
import type { PlanDefinition } from '../src/domain/plan';
import type { StoredSession } from '../src/domain/session';
import { sameAddress, type Company, type User } from '../src/domain/user';
import type {
  ApiKeyOwner,
  ApiKeyRepository,
  CompanyCard,
  CompanyRepository,
  JobSeekerRepository,
  NewJobSeeker,
  PasswordRepository,
  PlanRepository,
  SessionRepository,
  SetPasswordTokenRepository,
  SignInFailureRepository,
  SignInWindow,
  StoredApiKey,
  UserCard,
  UserPage,
  UserRepository,
} from '../src/application/store';
import type { PasswordHash } from '../src/application/ports';
import { PLANS } from './factories';

/**
 * In-memory stand-ins for identity's repositories, for use-case specs: a spec hands a use case only the ones it
 * names (decision 028), in a `memoryStore` (@vi/platform-testing) that rolls their `state` back when a transaction
 * throws. They keep the rules a use case relies on (live rows only, emails in any case, the unique indexes as
 * PostgreSQL's error 23505); the SQL itself is shown by the integration specs in this folder.
 */

const byAge = (a: { createdAt: Date; uuid: string }, b: { createdAt: Date; uuid: string }) =>
  a.createdAt.getTime() - b.createdAt.getTime() || a.uuid.localeCompare(b.uuid);

/** What PostgreSQL raises when a unique index refuses a row (`isUniqueViolation` reads it). */
function uniqueViolation(constraint: string): Error {
  return Object.assign(new Error(`duplicate key value violates unique constraint "${constraint}"`), { code: '23505', constraint });
}

export class InMemoryPlans implements PlanRepository, Stateful<PlanDefinition[]> {
  state: PlanDefinition[] = Object.values(PLANS);

  async list(): Promise<PlanDefinition[]> {
    return [...this.state].sort((a, b) => a.rank - b.rank);
  }

  async find(code: string): Promise<PlanDefinition | undefined> {
    return this.state.find((p) => p.code === code);
  }
}

export class InMemoryCompanies implements CompanyRepository, Stateful<Map<string, Company>> {
  state = new Map<string, Company>();

  constructor(...companies: Company[]) {
    for (const company of companies) this.state.set(company.uuid, company);
  }

  async find(uuid: string): Promise<Company | undefined> {
    return this.state.get(uuid);
  }

  async findMany(uuids: string[]): Promise<Company[]> {
    return [...this.state.values()].filter((c) => uuids.includes(c.uuid));
  }

  async findByName(name: string): Promise<Company | undefined> {
    return [...this.state.values()].filter((c) => c.name === name).sort(byAge)[0];
  }

  async lock(uuid: string): Promise<Company | undefined> {
    return this.state.get(uuid);
  }

  async insert(company: Company): Promise<void> {
    this.state.set(company.uuid, company);
  }

  async updatePlan(uuid: string, change: Pick<Company, 'planCode' | 'planStartedAt' | 'downgradePlanCode' | 'downgradeAt' | 'updatedAt'>): Promise<void> {
    const company = this.state.get(uuid);
    if (company) this.state.set(uuid, { ...company, ...change });
  }
}

export class InMemoryUsers implements UserRepository, Stateful<Map<string, { user: User; deletedAt: Date | null }>> {
  state = new Map<string, { user: User; deletedAt: Date | null }>();

  constructor(...users: User[]) {
    for (const user of users) this.state.set(user.uuid, { user, deletedAt: null });
  }

  /** Live users (not deleted), for the other fakes' joins. */
  live(): User[] {
    return [...this.state.values()].filter((r) => r.deletedAt === null).map((r) => r.user);
  }

  async find(uuid: string): Promise<User | undefined> {
    return this.live().find((u) => u.uuid === uuid);
  }

  async findIncludingDeleted(uuids: string[]): Promise<User[]> {
    return [...this.state.values()].map((r) => r.user).filter((u) => uuids.includes(u.uuid));
  }

  async findCompanyUserByEmail(companyUuid: string, email: string): Promise<User | undefined> {
    return this.live().find((u) => u.type === 'company_user' && u.companyUuid === companyUuid && sameAddress(u.email, email));
  }

  async findActiveCompanyUsersByEmail(email: string): Promise<User[]> {
    return this.live().filter((u) => u.type === 'company_user' && u.active && sameAddress(u.email, email));
  }

  async findJobSeekerByEmail(email: string): Promise<User | undefined> {
    return this.live().find((u) => u.type === 'job_seeker' && sameAddress(u.email, email));
  }

  async findJobSeekersByEmail(emails: string[]): Promise<User[]> {
    return this.live().filter((u) => u.type === 'job_seeker' && emails.some((e) => sameAddress(u.email, e)));
  }

  async countCompanyUsers(companyUuid: string): Promise<number> {
    return this.live().filter((u) => u.companyUuid === companyUuid).length;
  }

  async listByCompany(companyUuid: string, offset: number, limit: number): Promise<UserPage> {
    const users = this.live()
      .filter((u) => u.companyUuid === companyUuid)
      .sort(byAge);
    return { users: users.slice(offset, offset + limit), total: users.length };
  }

  async insert(user: User): Promise<void> {
    if (user.type === 'company_user' && (await this.findCompanyUserByEmail(user.companyUuid!, user.email))) throw uniqueViolation('users_company_email');
    if (user.type === 'job_seeker' && (await this.findJobSeekerByEmail(user.email))) throw uniqueViolation('users_job_seeker_email');
    this.state.set(user.uuid, { user, deletedAt: null });
  }

  async update(uuid: string, change: Partial<Pick<User, 'name' | 'email'>> & { updatedAt: Date }): Promise<void> {
    const row = this.state.get(uuid);
    if (row) row.user = { ...row.user, name: change.name ?? row.user.name, email: change.email ?? row.user.email, updatedAt: change.updatedAt };
  }

  async markDeleted(uuid: string, at: Date): Promise<void> {
    const row = this.state.get(uuid);
    if (row) this.state.set(uuid, { user: { ...row.user, active: false, updatedAt: at }, deletedAt: at });
  }
}

/** Job seekers made through the users fake; `state` holds the events the statement recorded in the outbox. */
export class InMemoryJobSeekers implements JobSeekerRepository, Stateful<PublishedEvent[]> {
  state: PublishedEvent[] = [];

  constructor(
    private readonly users: InMemoryUsers,
    private readonly companies: InMemoryCompanies,
  ) {}

  async ensure(
    fresh: NewJobSeeker[],
    summariesOf: { userUuids: string[]; companyUuids: string[] },
  ): Promise<{ known: UserCard[]; inserted: string[]; users: UserCard[]; companies: CompanyCard[] }> {
    const known = await this.users.findJobSeekersByEmail(fresh.map((f) => f.user.email));
    const inserted: string[] = [];
    for (const { user, event } of fresh) {
      if (await this.users.findJobSeekerByEmail(user.email)) continue;
      await this.users.insert(user);
      this.state.push(event);
      inserted.push(user.uuid);
    }
    const card = ({ uuid, companyUuid, name, email, avatarUrl }: User): UserCard => ({ uuid, companyUuid, name, email, avatarUrl });
    return {
      known: known.map(card),
      inserted,
      users: (await this.users.findIncludingDeleted(summariesOf.userUuids)).map(card),
      companies: (await this.companies.findMany(summariesOf.companyUuids)).map(({ uuid, name, avatarUrl }) => ({ uuid, name, avatarUrl })),
    };
  }
}

export class InMemoryApiKeys implements ApiKeyRepository, Stateful<Map<string, StoredApiKey>> {
  state = new Map<string, StoredApiKey>();

  constructor(
    private readonly users: InMemoryUsers,
    ...keys: StoredApiKey[]
  ) {
    for (const key of keys) this.state.set(key.uuid, key);
  }

  async findByUser(userUuid: string): Promise<StoredApiKey | undefined> {
    return [...this.state.values()].find((k) => k.userUuid === userUuid);
  }

  async findOwnerByHash(keyHash: string): Promise<ApiKeyOwner | undefined> {
    const key = [...this.state.values()].find((k) => k.keyHash === keyHash);
    const user = key && this.users.live().find((u) => u.uuid === key.userUuid);
    if (!key || !user) return undefined;
    return { keyUuid: key.uuid, userUuid: user.uuid, userActive: user.active, companyUuid: user.companyUuid, role: user.role, userType: user.type };
  }

  async insert(key: StoredApiKey): Promise<void> {
    if (await this.findByUser(key.userUuid)) throw uniqueViolation('api_keys_user_uuid_key');
    this.state.set(key.uuid, key);
  }

  async update(uuid: string, change: { description?: string; keyHash?: string; keyCiphertext?: string; updatedAt: Date }): Promise<void> {
    const key = this.state.get(uuid);
    if (!key) return;
    this.state.set(uuid, {
      ...key,
      description: change.description ?? key.description,
      keyHash: change.keyHash ?? key.keyHash,
      keyCiphertext: change.keyCiphertext ?? key.keyCiphertext,
      updatedAt: change.updatedAt,
    });
  }

  async deleteByUser(userUuid: string): Promise<StoredApiKey | undefined> {
    const key = await this.findByUser(userUuid);
    if (key) this.state.delete(key.uuid);
    return key;
  }

  async touchLastUsed(uuid: string, at: Date): Promise<void> {
    const key = this.state.get(uuid);
    if (key && (key.lastUsedAt === null || key.lastUsedAt.getTime() < at.getTime() - 60_000)) this.state.set(uuid, { ...key, lastUsedAt: at });
  }
}

interface TokenRow {
  tokenHash: string;
  userUuid: string;
  expiresAt: Date;
  usedAt: Date | null;
  createdAt: Date;
}

export class InMemorySetPasswordTokens implements SetPasswordTokenRepository, Stateful<TokenRow[]> {
  state: TokenRow[] = [];

  async insert(token: { tokenHash: string; userUuid: string; expiresAt: Date; createdAt: Date }): Promise<void> {
    this.state.push({ ...token, usedAt: null });
  }

  async consume(tokenHash: string, now: Date): Promise<string | undefined> {
    const row = this.state.find((t) => t.tokenHash === tokenHash && t.usedAt === null && t.expiresAt > now);
    if (row) row.usedAt = now;
    return row?.userUuid;
  }

  async useAllOf(userUuid: string, now: Date): Promise<void> {
    for (const row of this.state.filter((t) => t.userUuid === userUuid && t.usedAt === null)) row.usedAt = now;
  }
}

export class InMemoryPasswords implements PasswordRepository, Stateful<Map<string, PasswordHash>> {
  state = new Map<string, PasswordHash>();

  constructor(private readonly users: InMemoryUsers) {}

  async upsert(userUuid: string, hash: PasswordHash): Promise<void> {
    this.state.set(userUuid, hash);
  }

  async exists(userUuid: string): Promise<boolean> {
    return this.state.has(userUuid);
  }

  async findSignInCandidates(email: string): Promise<Array<{ user: User; password: PasswordHash }>> {
    return this.users
      .live()
      .filter((u) => u.type === 'company_user' && u.active && sameAddress(u.email, email) && this.state.has(u.uuid))
      .sort(byAge)
      .map((user) => ({ user, password: this.state.get(user.uuid)! }));
  }
}

export class InMemorySessions implements SessionRepository, Stateful<Map<string, StoredSession & { idHash: string }>> {
  state = new Map<string, StoredSession & { idHash: string }>();

  constructor(private readonly users: InMemoryUsers) {}

  async insert(session: StoredSession & { idHash: string }): Promise<void> {
    this.state.set(session.uuid, { ...session });
  }

  async findByIdHash(idHash: string): Promise<{ session: StoredSession; user: User & { deleted: boolean } } | undefined> {
    const row = [...this.state.values()].find((s) => s.idHash === idHash);
    const user = row && this.users.state.get(row.userUuid);
    if (!row || !user) return undefined;
    const { idHash: _hash, ...session } = row;
    return { session, user: { ...user.user, deleted: user.deletedAt !== null } };
  }

  async touch(uuid: string, at: Date): Promise<void> {
    const row = this.state.get(uuid);
    if (row && row.lastSeenAt < at) row.lastSeenAt = at;
  }

  async deleteByIdHash(idHash: string): Promise<{ uuid: string; userUuid: string } | undefined> {
    const row = [...this.state.values()].find((s) => s.idHash === idHash);
    if (row) this.state.delete(row.uuid);
    return row && { uuid: row.uuid, userUuid: row.userUuid };
  }

  async deleteByUser(userUuid: string): Promise<number> {
    const rows = [...this.state.values()].filter((s) => s.userUuid === userUuid);
    for (const row of rows) this.state.delete(row.uuid);
    return rows.length;
  }

  async deleteExpired(before: Date): Promise<void> {
    for (const row of [...this.state.values()]) if (row.expiresAt < before) this.state.delete(row.uuid);
  }
}

export class InMemorySignInFailures implements SignInFailureRepository, Stateful<Map<string, { failures: number; windowEndsAt: Date }>> {
  state = new Map<string, { failures: number; windowEndsAt: Date }>();

  async reserve(account: string, window: SignInWindow, now: Date): Promise<{ reserved: true } | { reserved: false; until: Date }> {
    const row = this.state.get(account);
    if (!row || row.windowEndsAt <= now) {
      this.state.set(account, { failures: 1, windowEndsAt: new Date(now.getTime() + window.windowMs) });
      return { reserved: true };
    }
    if (row.failures >= window.limit) return { reserved: false, until: row.windowEndsAt };
    row.failures++;
    return { reserved: true };
  }

  async release(account: string): Promise<void> {
    const row = this.state.get(account);
    if (row && row.failures > 0) row.failures--;
  }

  async clear(account: string): Promise<void> {
    this.state.delete(account);
  }
}
