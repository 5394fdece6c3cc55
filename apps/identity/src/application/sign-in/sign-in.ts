import { createHash } from 'node:crypto';
import type { identity } from '@vi/contracts';
import type { StoreOf } from '@vi/platform-bus';
import { requireOperator, type Principal } from '@vi/platform-grpc';
import type { Clock } from '@vi/platform-time';
import { IdentityError, IdentityErrorCode } from '../../domain/identity.errors';
import type { SessionLifetime } from '../../domain/session';
import { HashingBusy, type PasswordHasher } from '../ports';
import type { IdentityStore, SignInWindow } from '../store';
import { renderSignedIn } from '../session-rendering';
import { startSession } from '../shared/start-session';

export interface SignInInput {
  email: string;
  password: string;
}

/** How long a sign-in refused for load should wait: a hash takes ~140 ms, the queue drains in about a second. */
const BUSY_RETRY_AFTER_SECONDS = 1;

/** The account of an address no user has: counted like a user, so a lock does not tell which addresses exist. */
function addressAccount(email: string): string {
  return `email:${createHash('sha256').update(email.trim().toLowerCase()).digest('base64url')}`;
}

/**
 * A company user signs in with email and password (the gateway calls this for the web pages). An unknown email,
 * a job seeker, a deleted or disabled user and a wrong password all fail alike, after the same scrypt work, so the
 * answer tells nothing about which addresses exist. Emails are unique per company, not globally: the password
 * picks the account (the oldest matching one when, improbably, one person chose the same password in two).
 *
 * Failures are counted per account (decision 034): each user with this email, or the address when none has it.
 * An attempt takes one from every account's window before any password is checked (one upsert each, so a
 * parallel burst stops at the limit), is checked only against accounts that had one left (429 when none had), and
 * a success gives its own account a fresh start — never another company's user's with the same address. An attempt
 * refused because hashing is at capacity (503, decision 035) gives back what it took.
 */
export async function signIn(
  deps: {
    store: StoreOf<IdentityStore, 'passwords' | 'sessions' | 'signInFailures'>;
    hasher: PasswordHasher;
    sessionLifetime: SessionLifetime;
    signInWindow: SignInWindow;
    clock: Clock;
  },
  caller: Principal,
  input: SignInInput,
): Promise<identity.SignedIn> {
  requireOperator(caller);
  const now = deps.clock.now();
  const failures = deps.store.read.signInFailures;
  const candidates = await deps.store.read.passwords.findSignInCandidates(input.email);
  const accounts: Array<{ account: string; candidate?: (typeof candidates)[number] }> =
    candidates.length > 0 ? candidates.map((c) => ({ account: c.user.uuid, candidate: c })) : [{ account: addressAccount(input.email) }];
  const reservations = await Promise.all(accounts.map(({ account }) => failures.reserve(account, deps.signInWindow, now)));
  const open = accounts.filter((_, i) => reservations[i].reserved);
  if (open.length === 0) {
    const until = Math.min(...reservations.map((r) => (r.reserved ? Infinity : r.until.getTime())));
    throw new IdentityError(IdentityErrorCode.SignInLocked, undefined, Math.max(1, Math.ceil((until - now.getTime()) / 1000)));
  }
  try {
    const tried = open.flatMap((a) => (a.candidate ? [a.candidate] : []));
    if (tried.length === 0) await deps.hasher.verifyNothing(input.password);
    for (const candidate of tried) {
      if (!(await deps.hasher.verify(input.password, candidate.password))) continue;
      const rehashed = deps.hasher.isOutdated(candidate.password) ? await deps.hasher.hash(input.password) : undefined;
      return await deps.store.transaction(async (tx) => {
        await tx.signInFailures.clear(candidate.user.uuid);
        if (rehashed) await tx.passwords.upsert(candidate.user.uuid, rehashed, now);
        return renderSignedIn(await startSession(tx, candidate.user, deps.sessionLifetime, now));
      });
    }
  } catch (error) {
    if (!(error instanceof HashingBusy)) throw error;
    await Promise.all(open.map(({ account }) => failures.release(account)));
    throw new IdentityError(IdentityErrorCode.SignInBusy, undefined, BUSY_RETRY_AFTER_SECONDS);
  }
  throw new IdentityError(IdentityErrorCode.SignInFailed);
}
