import type { identity } from '@vi/contracts';
import type { StoreOf } from '@vi/platform-bus';
import type { Principal } from '@vi/platform-grpc';
import type { IdentityStore } from '../store';
import { summaryUuids, visibleSummaries } from '../shared/visible-summaries';

export interface SummariesInput {
  userUuids: string[];
  companyUuids: string[];
}

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
  const { userUuids, companyUuids } = summaryUuids(input);
  const [users, companies] = await Promise.all([deps.store.read.users.findIncludingDeleted(userUuids), deps.store.read.companies.findMany(companyUuids)]);
  return visibleSummaries(caller, users, companies, deps.defaultAvatarUrl);
}
