import { randomUUID } from 'node:crypto';
import type { identity } from '@vi/contracts';
import type { StoreOf } from '@vi/platform-bus';
import { companyUserOf, type UserPrincipal } from '@vi/platform-grpc';
import { isUniqueViolation } from '@vi/platform-postgres';
import type { Clock } from '@vi/platform-time';
import type { User } from '../../domain/user';
import type { IdentityStore } from '../store';
import { renderUserSummary, userEvents } from '../user-rendering';

/**
 * The job seeker an interview is assigned to: the one with this email
 * (whatever company invited them before), or a new one. Creation races end in
 * the unique index, after which the winner is read back.
 */
export async function ensureJobSeeker(
  deps: { store: StoreOf<IdentityStore, 'users'>; defaultAvatarUrl: string; clock: Clock },
  principal: UserPrincipal,
  input: { name: string; email: string },
): Promise<identity.UserSummary> {
  companyUserOf(principal);
  return renderUserSummary(await findOrCreate(deps, input), deps.defaultAvatarUrl);
}

async function findOrCreate(
  deps: { store: StoreOf<IdentityStore, 'users'>; defaultAvatarUrl: string; clock: Clock },
  input: { name: string; email: string },
): Promise<User> {
  const existing = await deps.store.read.users.findJobSeekerByEmail(input.email);
  if (existing) return existing;
  try {
    return await deps.store.transaction(async (tx) => {
      const now = deps.clock.now();
      const user: User = {
        uuid: randomUUID(),
        companyUuid: null,
        type: 'job_seeker',
        role: null,
        name: input.name,
        email: input.email,
        avatarUrl: null,
        active: true,
        createdAt: now,
        updatedAt: now,
      };
      await tx.users.insert(user);
      await tx.publish([userEvents.created(user, deps.defaultAvatarUrl)]);
      return user;
    });
  } catch (error) {
    if (!isUniqueViolation(error, 'users_job_seeker_email')) throw error;
    const winner = await deps.store.read.users.findJobSeekerByEmail(input.email);
    if (!winner) throw error;
    return winner;
  }
}
