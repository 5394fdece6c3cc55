import type { identity } from '@vi/contracts';
import type { StoreOf } from '@vi/platform-bus';
import { companyUserOf, type UserPrincipal } from '@vi/platform-grpc';
import { IdentityError, IdentityErrorCode } from '../../domain/identity.errors';
import type { IdentityStore } from '../store';
import { renderCompany } from '../company-rendering';
import { requireCompany } from '../shared/require-company';

/** A company user reads their own company; any other uuid is 404, so existence never leaks. */
export async function getCompany(
  deps: { store: StoreOf<IdentityStore, 'companies'>; defaultAvatarUrl: string },
  principal: UserPrincipal,
  companyUuid: string,
): Promise<identity.Company> {
  if (companyUserOf(principal).companyUuid !== companyUuid) throw new IdentityError(IdentityErrorCode.CompanyNotFound);
  return renderCompany(await requireCompany(deps.store.read, companyUuid), deps.defaultAvatarUrl);
}
