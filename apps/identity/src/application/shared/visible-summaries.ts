import type { identity } from '@vi/contracts';
import type { Principal } from '@vi/platform-grpc';
import { renderCompanySummary } from '../company-rendering';
import { renderUserSummary } from '../user-rendering';
import type { CompanyCard, UserCard } from '../store';

/** Users and companies asked for at most, per list, in one call. */
export const MAX_SUMMARY_UUIDS = 500;

/** The uuids of a summaries request, each once and at most `MAX_SUMMARY_UUIDS`. */
export function summaryUuids(input: { userUuids: string[]; companyUuids: string[] }): { userUuids: string[]; companyUuids: string[] } {
  return { userUuids: [...new Set(input.userUuids)].slice(0, MAX_SUMMARY_UUIDS), companyUuids: [...new Set(input.companyUuids)].slice(0, MAX_SUMMARY_UUIDS) };
}

/**
 * The summaries of what was found that `caller` may see: a service sees every one; a user only their own company
 * and its users (and themselves), the rest left out rather than refused.
 */
export function visibleSummaries(caller: Principal, users: UserCard[], companies: CompanyCard[], defaultAvatarUrl: string): identity.Summaries {
  const visible =
    caller.kind === 'service'
      ? { users, companies }
      : {
          users: users.filter((u) => u.uuid === caller.userUuid || (caller.companyUuid !== null && u.companyUuid === caller.companyUuid)),
          companies: companies.filter((c) => c.uuid === caller.companyUuid),
        };
  return {
    users: visible.users.map((u) => renderUserSummary(u, defaultAvatarUrl)),
    companies: visible.companies.map((c) => renderCompanySummary(c, defaultAvatarUrl)),
  };
}
