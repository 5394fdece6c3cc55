import { companyUserOf, type UserPrincipal } from '@vi/platform-grpc';
import { IdentityError, IdentityErrorCode } from '../../domain/identity.errors';
import type { Company } from '../../domain/user';
import type { IdentityStore } from '../../infrastructure/identity.store';

/** A company user reads their own company; any other uuid is 404, so existence never leaks. */
export async function getCompany(deps: { store: IdentityStore }, principal: UserPrincipal, companyUuid: string): Promise<Company> {
  if (companyUserOf(principal).companyUuid !== companyUuid) throw new IdentityError(IdentityErrorCode.CompanyNotFound);
  const company = await deps.store.read.companies.find(companyUuid);
  if (!company) throw new IdentityError(IdentityErrorCode.CompanyNotFound);
  return company;
}
