import type { identity } from '@vi/contracts';
import type { StoreOf } from '@vi/platform-bus';
import { requireOperator, type Principal } from '@vi/platform-grpc';
import type { Clock } from '@vi/platform-time';
import { IdentityError, IdentityErrorCode } from '../../domain/identity.errors';
import { passwordProblem, type PasswordProblem } from '../../domain/password-policy';
import type { SessionLifetime } from '../../domain/session';
import type { IdentityStore } from '../store';
import type { PasswordHasher } from '../ports';
import { renderSignedIn, sessionsRevokedEvent } from '../session-rendering';
import { bearerHash } from '../shared/bearer-hash';
import { startSession } from '../shared/start-session';

export interface SetPasswordInput {
  /** The token of the emailed link `/set-password?token=…`. */
  token: string;
  password: string;
}

const PROBLEM_CODES: Record<PasswordProblem, IdentityErrorCode> = {
  too_short: IdentityErrorCode.PasswordTooShort,
  too_long: IdentityErrorCode.PasswordTooLong,
  too_common: IdentityErrorCode.PasswordTooCommon,
};

/**
 * Sets a company user's password from an emailed link and signs them in. The password is judged first, so a
 * refused one leaves the link usable; then the token is spent (one UPDATE: two tabs cannot both use it), every
 * other link and every existing session of the user ends (a new password locks out whoever knew the old one),
 * and a new session starts.
 */
export async function setPassword(
  deps: {
    store: StoreOf<IdentityStore, 'setPasswordTokens' | 'users' | 'passwords' | 'sessions'>;
    hasher: PasswordHasher;
    sessionLifetime: SessionLifetime;
    clock: Clock;
  },
  caller: Principal,
  input: SetPasswordInput,
): Promise<identity.SignedIn> {
  requireOperator(caller);
  const problem = passwordProblem(input.password);
  if (problem) throw new IdentityError(PROBLEM_CODES[problem]);
  const hash = await deps.hasher.hash(input.password);
  const now = deps.clock.now();
  return deps.store.transaction(async (tx) => {
    const userUuid = await tx.setPasswordTokens.consume(bearerHash(input.token), now);
    const user = userUuid ? await tx.users.find(userUuid) : undefined;
    if (!user || !user.active || user.type !== 'company_user') throw new IdentityError(IdentityErrorCode.SetPasswordLinkInvalid);
    await tx.passwords.upsert(user.uuid, hash, now);
    await tx.setPasswordTokens.useAllOf(user.uuid, now);
    if ((await tx.sessions.deleteByUser(user.uuid)) > 0) {
      await tx.publish([sessionsRevokedEvent({ user_uuid: user.uuid, reason: 'password_set' })]);
    }
    return renderSignedIn(await startSession(tx, user, deps.sessionLifetime, now));
  });
}
