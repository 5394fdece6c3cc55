import type { NewEvent, Store } from '@vi/platform-bus';
import type { PlanDefinition } from '../domain/plan';
import type { StoredSession } from '../domain/session';
import type { Company, User } from '../domain/user';
import type { PasswordHash } from './ports';

/**
 * The identity service's store as its use cases see it (decision 033): the repositories' interfaces, owned here; the
 * SQL repositories of `infrastructure/` implement them, and `test/fakes.ts` in memory.
 */
export interface IdentityRepositories {
  readonly companies: CompanyRepository;
  readonly users: UserRepository;
  readonly jobSeekers: JobSeekerRepository;
  readonly apiKeys: ApiKeyRepository;
  readonly plans: PlanRepository;
  readonly setPasswordTokens: SetPasswordTokenRepository;
  readonly passwords: PasswordRepository;
  readonly sessions: SessionRepository;
  readonly signInFailures: SignInFailureRepository;
}

export type IdentityStore = Store<IdentityRepositories>;

export interface StoredApiKey {
  uuid: string;
  userUuid: string;
  keyHash: string;
  keyCiphertext: string;
  description: string;
  type: string;
  lastUsedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** A key with the user and company it acts for, as authentication needs it. */
export interface ApiKeyOwner {
  keyUuid: string;
  userUuid: string;
  userActive: boolean;
  companyUuid: string | null;
  role: 'administrator' | 'standard' | null;
  userType: 'company_user' | 'job_seeker';
}

export interface ApiKeyRepository {
  findByUser(userUuid: string): Promise<StoredApiKey | undefined>;
  findOwnerByHash(keyHash: string): Promise<ApiKeyOwner | undefined>;
  insert(key: StoredApiKey): Promise<void>;
  update(
    uuid: string,
    change: {
      description?: string;
      keyHash?: string;
      keyCiphertext?: string;
      updatedAt: Date;
    },
  ): Promise<void>;
  deleteByUser(userUuid: string): Promise<StoredApiKey | undefined>;
  /** Records use at most once a minute per key, so authentication does not write on every request. */
  touchLastUsed(uuid: string, at: Date): Promise<void>;
}

export interface CompanyRepository {
  find(uuid: string): Promise<Company | undefined>;
  findMany(uuids: string[]): Promise<Company[]>;
  findByName(name: string): Promise<Company | undefined>;
  /** Locks the company row until the transaction ends: slot checks serialize on it. */
  lock(uuid: string): Promise<Company | undefined>;
  insert(company: Company): Promise<void>;
  updatePlan(uuid: string, change: Pick<Company, 'planCode' | 'planStartedAt' | 'downgradePlanCode' | 'downgradeAt' | 'updatedAt'>): Promise<void>;
}

export interface PasswordRepository {
  upsert(userUuid: string, hash: PasswordHash, at: Date): Promise<void>;
  exists(userUuid: string): Promise<boolean>;
  /** Active, live company users with this email (one per company at most) who have set a password, oldest first. */
  findSignInCandidates(email: string): Promise<
    Array<{
      user: User;
      password: PasswordHash;
    }>
  >;
}

export interface PlanRepository {
  list(): Promise<PlanDefinition[]>;
  find(code: string): Promise<PlanDefinition | undefined>;
}

export interface SessionRepository {
  insert(
    session: StoredSession & {
      idHash: string;
    },
  ): Promise<void>;
  /** The session with this id hash and its user (deleted users included: the caller refuses them). */
  findByIdHash(idHash: string): Promise<
    | {
        session: StoredSession;
        user: User & {
          deleted: boolean;
        };
      }
    | undefined
  >;
  touch(uuid: string, at: Date): Promise<void>;
  /** Ends one session; the uuid of what was removed, if anything. */
  deleteByIdHash(idHash: string): Promise<
    | {
        uuid: string;
        userUuid: string;
      }
    | undefined
  >;
  /** Ends every session of a user; how many there were. */
  deleteByUser(userUuid: string): Promise<number>;
  deleteExpired(before: Date): Promise<void>;
}

export interface SetPasswordTokenRepository {
  insert(token: { tokenHash: string; userUuid: string; expiresAt: Date; createdAt: Date }): Promise<void>;
  /** Marks a live token used and names its user; undefined when it is unknown, used or expired. Single use holds under concurrency: one UPDATE wins. */
  consume(tokenHash: string, now: Date): Promise<string | undefined>;
  /** A password was set: the user's other links stop working too. */
  useAllOf(userUuid: string, now: Date): Promise<void>;
}

export interface UserPage {
  users: User[];
  total: number;
}

export interface UserRepository {
  /** A live (not deleted) user. */
  find(uuid: string): Promise<User | undefined>;
  /** Users by uuid, deleted ones included. */
  findIncludingDeleted(uuids: string[]): Promise<User[]>;
  findCompanyUserByEmail(companyUuid: string, email: string): Promise<User | undefined>;
  /** Company users with this email in any company (emails are unique per company only). */
  findActiveCompanyUsersByEmail(email: string): Promise<User[]>;
  findJobSeekerByEmail(email: string): Promise<User | undefined>;
  /** The live job seekers with any of these emails (in any case), in one read. */
  findJobSeekersByEmail(emails: string[]): Promise<User[]>;
  countCompanyUsers(companyUuid: string): Promise<number>;
  /** A page of a company's users, oldest first (uuid breaks ties so pages are stable). */
  listByCompany(companyUuid: string, offset: number, limit: number): Promise<UserPage>;
  insert(user: User): Promise<void>;
  update(
    uuid: string,
    change: Partial<Pick<User, 'name' | 'email'>> & {
      updatedAt: Date;
    },
  ): Promise<void>;
  markDeleted(uuid: string, at: Date): Promise<void>;
}

/** What a summary shows of a user (and whose company they are in, for who may see it). */
export type UserCard = Pick<User, 'uuid' | 'companyUuid' | 'name' | 'email' | 'avatarUrl'>;
/** What a summary shows of a company. */
export type CompanyCard = Pick<Company, 'uuid' | 'name' | 'avatarUrl'>;

/** A job seeker to make if their email is new, with the `identity.job_seeker.created` event its insert records. */
export interface NewJobSeeker {
  user: User;
  event: NewEvent;
}

export interface JobSeekerRepository {
  /**
   * One statement, run through `store.statement` (decision 052): finds the live job seekers with the emails of
   * `fresh` (in any case); inserts each of `fresh` whose email none of them has, in the order given, with its event in
   * the outbox, leaving out (and unannounced) each whose email a concurrent writer gave a job seeker first (it waits
   * for that writer); and reads the users (deleted ones included) and companies named in `summariesOf`.
   */
  ensure(
    fresh: NewJobSeeker[],
    summariesOf: { userUuids: string[]; companyUuids: string[] },
  ): Promise<{ known: UserCard[]; inserted: string[]; users: UserCard[]; companies: CompanyCard[] }>;
}

/** An account's failed sign-ins in a window (decision 034). */
export interface SignInWindow {
  limit: number;
  windowMs: number;
}

export interface SignInFailureRepository {
  /**
   * Takes one attempt of an account's window (a new window when the last one ended), unless the account has used
   * `limit` already: then it names when its window ends. Atomic: a parallel burst takes exactly `limit`.
   */
  reserve(account: string, window: SignInWindow, now: Date): Promise<{ reserved: true } | { reserved: false; until: Date }>;
  /** Gives back an attempt that was never checked (hashing was at capacity). */
  release(account: string): Promise<void>;
  /** A successful sign-in: its account starts again from nothing. */
  clear(account: string): Promise<void>;
}
