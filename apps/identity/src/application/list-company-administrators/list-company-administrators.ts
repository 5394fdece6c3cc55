import type { identity } from '@vi/contracts';
import type { StoreOf } from '@vi/platform-bus';
import type { Principal } from '@vi/platform-grpc';
import { IdentityError, IdentityErrorCode } from '../../domain/identity.errors';
import type { IdentityStore } from '../store';
import { requireCompany } from '../shared/require-company';
import { renderCompanyUser } from '../user-rendering';

/** Users a company has at most, read in one page (plans limit them far below this). */
const MOST_COMPANY_USERS = 10_000;

/**
 * A company's active administrators, for services that write to them (notifications: a candidate's accommodation
 * request, issue 42). A company user may ask for their own company's only.
 */
export async function listCompanyAdministrators(
  deps: { store: StoreOf<IdentityStore, 'users' | 'companies'>; defaultAvatarUrl: string },
  caller: Principal,
  companyUuid: string,
): Promise<identity.UserPage> {
  if (caller.kind === 'user' && caller.companyUuid !== companyUuid) throw new IdentityError(IdentityErrorCode.CompanyNotFound);
  const company = await requireCompany(deps.store.read, companyUuid);
  const page = await deps.store.read.users.listByCompany(company.uuid, 0, MOST_COMPANY_USERS);
  const admins = page.users.filter((user) => user.active && user.role === 'administrator');
  return { users: admins.map((user) => renderCompanyUser(user, company, deps.defaultAvatarUrl)), total: admins.length };
}
