import { companyUserOf, type UserPrincipal } from '@vi/platform-grpc';
import type { Company } from '../../domain/user';
import type { IdentityStore } from '../../infrastructure/identity.store';
import type { UserPage } from '../../infrastructure/user.repository';
import { requireCompany } from '../company-plan';

export interface ListUsersInput {
  /** Inclusive, zero-based; the gateway has checked the bounds. */
  rangeFrom: number;
  rangeTo: number;
}

export async function listUsers(
  deps: { store: IdentityStore },
  principal: UserPrincipal,
  input: ListUsersInput,
): Promise<UserPage & { company: Company }> {
  const company = await requireCompany(deps.store.read, companyUserOf(principal).companyUuid);
  const page = await deps.store.read.users.listByCompany(company.uuid, input.rangeFrom, input.rangeTo - input.rangeFrom + 1);
  return { ...page, company };
}
