import { OutboxStore } from '@vi/platform-bus';
import type { Kysely } from '@vi/platform-postgres';
import type { IdentityRepositories, IdentityStore } from '../application/store';
import { ApiKeyRepository } from './api-key.repository';
import { CompanyRepository } from './company.repository';
import { JobSeekerRepository } from './job-seeker.repository';
import type { IdentityDatabase } from './identity.database';
import { PasswordRepository } from './password.repository';
import { PlanRepository } from './plan.repository';
import { SessionRepository } from './session.repository';
import { SetPasswordTokenRepository } from './set-password-token.repository';
import { SignInFailureRepository } from './sign-in-failure.repository';
import { UserRepository } from './user.repository';

/** The SQL repositories, bound to one connection or transaction. */
export function sqlIdentityRepositories(db: Kysely<IdentityDatabase>): IdentityRepositories {
  return {
    companies: new CompanyRepository(db),
    users: new UserRepository(db),
    jobSeekers: new JobSeekerRepository(db),
    apiKeys: new ApiKeyRepository(db),
    plans: new PlanRepository(db),
    setPasswordTokens: new SetPasswordTokenRepository(db),
    passwords: new PasswordRepository(db),
    sessions: new SessionRepository(db),
    signInFailures: new SignInFailureRepository(db),
  };
}

export function createIdentityStore(db: Kysely<IdentityDatabase>, relay: ConstructorParameters<typeof OutboxStore>[1]): IdentityStore {
  return new OutboxStore(db, relay, sqlIdentityRepositories);
}
