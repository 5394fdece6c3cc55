import type { StoreOf } from '@vi/platform-bus';
import { requireOperator, type Principal } from '@vi/platform-grpc';
import type { Clock } from '@vi/platform-time';
import type { IdentityStore } from '../store';
import { userEvents } from '../user-rendering';

/**
 * The forgot-password page: every active company user with this email gets a fresh set-password link by email
 * (the notifications service asks for it when it sends the email: decision 018). Nothing tells the caller whether
 * anyone did. The event names the user's company, and so does the email: one address may be a user of two
 * companies, and each link says which account it is for.
 */
export async function requestPasswordReset(
  deps: { store: StoreOf<IdentityStore, 'users' | 'companies'>; defaultAvatarUrl: string; clock: Clock },
  caller: Principal,
  email: string,
): Promise<void> {
  requireOperator(caller);
  const now = deps.clock.now();
  await deps.store.transaction(async (tx) => {
    const users = await tx.users.findActiveCompanyUsersByEmail(email);
    // Emails are unique per company only: each email names the company its link is for (decision 034).
    const companies = await Promise.all(users.map((user) => tx.companies.find(user.companyUuid!)));
    await tx.publish(users.map((user, i) => userEvents.passwordResetRequested(user, deps.defaultAvatarUrl, now, companies[i]?.name ?? '')));
  });
}
