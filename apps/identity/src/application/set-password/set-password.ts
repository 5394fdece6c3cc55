import { requireOperator, type Principal } from '@vi/platform-grpc';
import { IdentityError, IdentityErrorCode } from '../../domain/identity.errors';
import { passwordProblem, type PasswordProblem } from '../../domain/password-policy';
import type { IdentityStore } from '../../infrastructure/identity.store';
import { identityEvents } from '../identity-events';
import { hashSetPasswordToken } from '../set-password-link/set-password-link';
import { startSession, type SessionDeps, type SignedIn } from '../sessions';

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
export async function setPassword(deps: SessionDeps & { store: IdentityStore }, caller: Principal, input: SetPasswordInput): Promise<SignedIn> {
  requireOperator(caller);
  const problem = passwordProblem(input.password);
  if (problem) throw new IdentityError(PROBLEM_CODES[problem]);
  const hash = await deps.hasher.hash(input.password);
  const now = deps.now();
  return deps.store.transaction(async (tx) => {
    const userUuid = await tx.setPasswordTokens.consume(hashSetPasswordToken(input.token), now);
    const user = userUuid ? await tx.users.find(userUuid) : undefined;
    if (!user || !user.active || user.type !== 'company_user') throw new IdentityError(IdentityErrorCode.SetPasswordLinkInvalid);
    await tx.passwords.upsert(user.uuid, hash, now);
    await tx.setPasswordTokens.useAllOf(user.uuid, now);
    if ((await tx.sessions.deleteByUser(user.uuid)) > 0) {
      await tx.publish([identityEvents.sessionsRevoked({ user_uuid: user.uuid, reason: 'password_set' })]);
    }
    return startSession(tx, user, deps.sessionLifetime, now);
  });
}
