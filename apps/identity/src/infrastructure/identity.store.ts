import { OutboxStore, type WithOutbox } from '@vi/platform-bus';
import type { Kysely } from '@vi/platform-postgres';
import { ApiKeyRepository } from './api-key.repository';
import { CompanyRepository } from './company.repository';
import type { IdentityDatabase } from './identity.database';
import { PasswordRepository } from './password.repository';
import { PlanRepository } from './plan.repository';
import { SessionRepository } from './session.repository';
import { SetPasswordTokenRepository } from './set-password-token.repository';
import { SignInFailureRepository } from './sign-in-failure.repository';
import { UserRepository } from './user.repository';

/** Repositories bound to one connection or transaction. */
export class IdentityRepositories {
  readonly companies: CompanyRepository;
  readonly users: UserRepository;
  readonly apiKeys: ApiKeyRepository;
  readonly plans: PlanRepository;
  readonly setPasswordTokens: SetPasswordTokenRepository;
  readonly passwords: PasswordRepository;
  readonly sessions: SessionRepository;
  readonly signInFailures: SignInFailureRepository;

  constructor(readonly db: Kysely<IdentityDatabase>) {
    this.companies = new CompanyRepository(db);
    this.users = new UserRepository(db);
    this.apiKeys = new ApiKeyRepository(db);
    this.plans = new PlanRepository(db);
    this.setPasswordTokens = new SetPasswordTokenRepository(db);
    this.passwords = new PasswordRepository(db);
    this.sessions = new SessionRepository(db);
    this.signInFailures = new SignInFailureRepository(db);
  }
}

export type IdentityTransaction = WithOutbox<IdentityRepositories>;
export type IdentityStore = OutboxStore<IdentityDatabase, IdentityRepositories>;

export function createIdentityStore(db: Kysely<IdentityDatabase>, relay: ConstructorParameters<typeof OutboxStore>[1]): IdentityStore {
  return new OutboxStore(db, relay, (conn) => new IdentityRepositories(conn));
}
