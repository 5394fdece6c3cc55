import type { identity } from '@vi/contracts';
import type { StoreOf } from '@vi/platform-bus';
import { requireOperator, type Principal } from '@vi/platform-grpc';
import type { Clock } from '@vi/platform-time';
import { IdentityError, IdentityErrorCode } from '../../domain/identity.errors';
import type { SessionLifetime } from '../../domain/session';
import type { IdentityStore } from '../store';
import type { PasswordHasher } from '../ports';
import { renderSignedIn } from '../session-rendering';
import { startSession } from '../shared/start-session';

export interface SignInInput {
  email: string;
  password: string;
}

/**
 * A company user signs in with email and password (the gateway calls this for the web pages). An unknown email,
 * a job seeker, a deleted or disabled user and a wrong password all fail alike, after the same scrypt work, so the
 * answer tells nothing about which addresses exist. Emails are unique per company, not globally: the password
 * picks the account (the oldest matching one when, improbably, one person chose the same password in two).
 */
export async function signIn(
  deps: { store: StoreOf<IdentityStore, 'passwords' | 'sessions'>; hasher: PasswordHasher; sessionLifetime: SessionLifetime; clock: Clock },
  caller: Principal,
  input: SignInInput,
): Promise<identity.SignedIn> {
  requireOperator(caller);
  const candidates = await deps.store.read.passwords.findSignInCandidates(input.email);
  if (candidates.length === 0) await deps.hasher.verifyNothing(input.password);
  for (const candidate of candidates) {
    if (!(await deps.hasher.verify(input.password, candidate.password))) continue;
    const now = deps.clock.now();
    const rehashed = deps.hasher.isOutdated(candidate.password) ? await deps.hasher.hash(input.password) : undefined;
    return deps.store.transaction(async (tx) => {
      if (rehashed) await tx.passwords.upsert(candidate.user.uuid, rehashed, now);
      return renderSignedIn(await startSession(tx, candidate.user, deps.sessionLifetime, now));
    });
  }
  throw new IdentityError(IdentityErrorCode.SignInFailed);
}
