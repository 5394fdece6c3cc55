import type { Principal } from '@vi/platform-grpc';
import type { Company, User } from '../../domain/user';
import type { IdentityStore } from '../../infrastructure/identity.store';

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
  deps: { store: IdentityStore },
  caller: Principal,
  input: SummariesInput,
): Promise<{ users: User[]; companies: Company[] }> {
  const userUuids = [...new Set(input.userUuids)].slice(0, MAX_UUIDS);
  const companyUuids = [...new Set(input.companyUuids)].slice(0, MAX_UUIDS);
  const [users, companies] = await Promise.all([
    deps.store.read.users.findIncludingDeleted(userUuids),
    deps.store.read.companies.findMany(companyUuids),
  ]);
  if (caller.kind === 'service') return { users, companies };
  return {
    users: users.filter((u) => u.uuid === caller.userUuid || (caller.companyUuid !== null && u.companyUuid === caller.companyUuid)),
    companies: companies.filter((c) => c.uuid === caller.companyUuid),
  };
}
