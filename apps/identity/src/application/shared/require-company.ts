import type { ReposOf } from '@vi/platform-bus';
import { IdentityError, IdentityErrorCode } from '../../domain/identity.errors';
import type { Company } from '../../domain/user';
import type { IdentityStore } from '../store';

/** The company with this uuid, or its 404. */
export async function requireCompany(repos: ReposOf<IdentityStore, 'companies'>, uuid: string): Promise<Company> {
  const company = await repos.companies.find(uuid);
  if (!company) throw new IdentityError(IdentityErrorCode.CompanyNotFound);
  return company;
}
