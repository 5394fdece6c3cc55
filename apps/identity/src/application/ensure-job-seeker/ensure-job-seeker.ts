import { randomUUID } from 'node:crypto';
import type { identity } from '@vi/contracts';
import type { StoreOf } from '@vi/platform-bus';
import { companyUserOf, type UserPrincipal } from '@vi/platform-grpc';
import type { Clock } from '@vi/platform-time';
import type { User } from '../../domain/user';
import type { IdentityStore, UserCard } from '../store';
import { summaryUuids, visibleSummaries } from '../shared/visible-summaries';
import { renderUserSummary, userEvents } from '../user-rendering';

type Deps = { store: StoreOf<IdentityStore, 'users' | 'jobSeekers'>; defaultAvatarUrl: string; clock: Clock };
type Assignee = { name: string; email: string };
/** Users and companies whose summaries the caller wants with the job seekers (GetSummaries' rules). */
type SummariesOf = { userUuids: string[]; companyUuids: string[] };

/**
 * The job seeker an interview is assigned to: the one with this email
 * (whatever company invited them before), or a new one.
 */
export async function ensureJobSeeker(deps: Deps, principal: UserPrincipal, input: Assignee): Promise<identity.UserSummary> {
  return (await ensureJobSeekers(deps, principal, [input])).jobSeekers[0];
}

/**
 * The job seekers of a bulk invitation, in the order asked, and the summaries a creation needs besides (its creator
 * and company), in one round trip to PostgreSQL whatever their number (decisions 043 and 052): one statement finds
 * those who exist, inserts the others with their `identity.job_seeker.created` events, and reads the summaries. An email
 * given twice (in any case) names one job seeker, with the first name given. A job seeker another writer inserted
 * meanwhile is not inserted again (the unique index decides) but read back.
 */
export async function ensureJobSeekers(
  deps: Deps,
  principal: UserPrincipal,
  inputs: Assignee[],
  summariesOf: SummariesOf = { userUuids: [], companyUuids: [] },
): Promise<{ jobSeekers: identity.UserSummary[]; summaries: identity.Summaries }> {
  companyUserOf(principal);
  const asked = new Map<string, Assignee>();
  for (const input of inputs) if (!asked.has(input.email.toLowerCase())) asked.set(input.email.toLowerCase(), input);
  const now = deps.clock.now();
  // Every email is offered as new (the statement inserts those it does not find), in email order: two invitations
  // sharing new emails wait on each other's index entries in one order, never in a cycle.
  const fresh = [...asked.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, input]) => newJobSeeker(input, now))
    // Events only for the users this statement makes: one that lost a race was announced by its maker.
    .map((user) => ({ user, event: userEvents.created(user, deps.defaultAvatarUrl) }));
  const found = await deps.store.statement(
    (store) => store.jobSeekers.ensure(fresh, summaryUuids(summariesOf)),
    (made) => made.inserted.length > 0,
  );

  const byEmail = new Map<string, UserCard>();
  const keep = (users: UserCard[]) => users.forEach((u) => byEmail.set(u.email.toLowerCase(), u));
  const inserted = new Set(found.inserted);
  keep(found.known);
  keep(fresh.filter((f) => inserted.has(f.user.uuid)).map((f) => f.user));
  const lost = fresh.filter((f) => !byEmail.has(f.user.email.toLowerCase()));
  if (lost.length > 0) keep(await deps.store.read.users.findJobSeekersByEmail(lost.map((f) => f.user.email)));

  const jobSeekers = inputs.map((input) => {
    const user = byEmail.get(input.email.toLowerCase());
    // Only a job seeker deleted between the insert and the read back: the caller may try again.
    if (!user) throw new Error(`the job seeker ${input.email} vanished while being ensured`);
    return renderUserSummary(user, deps.defaultAvatarUrl);
  });
  return { jobSeekers, summaries: visibleSummaries(principal, found.users, found.companies, deps.defaultAvatarUrl) };
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
