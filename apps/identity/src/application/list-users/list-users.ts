import type { identity } from '@vi/contracts';
import type { StoreOf } from '@vi/platform-bus';
import { companyUserOf, type UserPrincipal } from '@vi/platform-grpc';
import type { IdentityStore } from '../store';
import { requireCompany } from '../shared/require-company';
import { renderCompanyUser } from '../user-rendering';

export interface ListUsersInput {
  /** Inclusive, zero-based; the gateway has checked the bounds. */
  rangeFrom: number;
  rangeTo: number;
}

/** A page of the caller's company's users, oldest first, with their total. */
export async function listUsers(
  deps: { store: StoreOf<IdentityStore, 'users' | 'companies'>; defaultAvatarUrl: string },
  principal: UserPrincipal,
  input: ListUsersInput,
): Promise<identity.UserPage> {
  const company = await requireCompany(deps.store.read, companyUserOf(principal).companyUuid);
  const page = await deps.store.read.users.listByCompany(company.uuid, input.rangeFrom, input.rangeTo - input.rangeFrom + 1);
  return { users: page.users.map((user) => renderCompanyUser(user, company, deps.defaultAvatarUrl)), total: page.total };
}
