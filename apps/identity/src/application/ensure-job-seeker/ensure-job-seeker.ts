import { randomUUID } from 'node:crypto';
import type { identity } from '@vi/contracts';
import type { StoreOf } from '@vi/platform-bus';
import { companyUserOf, type UserPrincipal } from '@vi/platform-grpc';
import type { Clock } from '@vi/platform-time';
import type { User } from '../../domain/user';
import type { IdentityStore } from '../store';
import { renderUserSummary, userEvents } from '../user-rendering';

type Deps = { store: StoreOf<IdentityStore, 'users'>; defaultAvatarUrl: string; clock: Clock };
type Assignee = { name: string; email: string };

/**
 * The job seeker an interview is assigned to: the one with this email
 * (whatever company invited them before), or a new one.
 */
export async function ensureJobSeeker(deps: Deps, principal: UserPrincipal, input: Assignee): Promise<identity.UserSummary> {
  return (await ensureJobSeekers(deps, principal, [input]))[0];
}

/**
 * The job seekers of a bulk invitation, in the order asked, at a cost that does not grow in round trips with their
 * number (decision 043): one read finds those who exist, one transaction inserts the others with their
 * `identity.user.created` events. An email given twice (in any case) names one job seeker, with the first name given.
 * A job seeker another transaction inserted meanwhile is not inserted again (the unique index decides) but read back.
 */
export async function ensureJobSeekers(deps: Deps, principal: UserPrincipal, inputs: Assignee[]): Promise<identity.UserSummary[]> {
  companyUserOf(principal);
  const byEmail = new Map<string, User>();
  const keep = (users: User[]) => users.forEach((u) => byEmail.set(u.email.toLowerCase(), u));
  keep(await deps.store.read.users.findJobSeekersByEmail(inputs.map((i) => i.email)));

  const missing = new Map<string, Assignee>();
  for (const input of inputs) {
    const key = input.email.toLowerCase();
    if (!byEmail.has(key) && !missing.has(key)) missing.set(key, input);
  }
  if (missing.size > 0) {
    const now = deps.clock.now();
    // In email order: two invitations sharing new emails wait on each other's index entries in one order, never in a cycle.
    const fresh = [...missing.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, input]) => newJobSeeker(input, now));
    const inserted = await deps.store.transaction(async (tx) => {
      const users = await tx.users.insertJobSeekers(fresh);
      // Events only for the users this transaction made: one that lost a race was announced by its maker.
      if (users.length > 0) await tx.publish(users.map((user) => userEvents.created(user, deps.defaultAvatarUrl)));
      return users;
    });
    keep(inserted);
    if (inserted.length < fresh.length) keep(await deps.store.read.users.findJobSeekersByEmail(fresh.filter((u) => !inserted.includes(u)).map((u) => u.email)));
  }

  return inputs.map((input) => {
    const user = byEmail.get(input.email.toLowerCase());
    // Only a job seeker deleted between the insert and the read back: the caller may try again.
    if (!user) throw new Error(`the job seeker ${input.email} vanished while being ensured`);
    return renderUserSummary(user, deps.defaultAvatarUrl);
  });
}

function newJobSeeker(input: Assignee, now: Date): User {
  return {
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
}
