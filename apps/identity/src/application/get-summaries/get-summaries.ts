import type { identity } from '@vi/contracts';
import type { StoreOf } from '@vi/platform-bus';
import type { Principal } from '@vi/platform-grpc';
import type { IdentityStore } from '../store';
import { renderCompanySummary } from '../company-rendering';
import { renderUserSummary } from '../user-rendering';

export interface SummariesInput {
  userUuids: string[];
  companyUuids: string[];
}

const MAX_UUIDS = 500;

/**
 * Users and companies by uuid, deleted users included (history keeps its
 * names). A user sees only their own company and its users; anything else is
 * left out rather than refused.
 */
export async function getSummaries(
  deps: { store: StoreOf<IdentityStore, 'users' | 'companies'>; defaultAvatarUrl: string },
  caller: Principal,
  input: SummariesInput,
): Promise<identity.Summaries> {
  const userUuids = [...new Set(input.userUuids)].slice(0, MAX_UUIDS);
  const companyUuids = [...new Set(input.companyUuids)].slice(0, MAX_UUIDS);
  const [users, companies] = await Promise.all([deps.store.read.users.findIncludingDeleted(userUuids), deps.store.read.companies.findMany(companyUuids)]);
  const visible =
    caller.kind === 'service'
      ? { users, companies }
      : {
          users: users.filter((u) => u.uuid === caller.userUuid || (caller.companyUuid !== null && u.companyUuid === caller.companyUuid)),
          companies: companies.filter((c) => c.uuid === caller.companyUuid),
        };
  return {
    users: visible.users.map((u) => renderUserSummary(u, deps.defaultAvatarUrl)),
    companies: visible.companies.map((c) => renderCompanySummary(c, deps.defaultAvatarUrl)),
  };
}
