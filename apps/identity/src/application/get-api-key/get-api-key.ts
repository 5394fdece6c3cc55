import { SharedErrorCode } from '@vi/contracts';
import { sharedError, type UserPrincipal } from '@vi/platform-grpc';
import { IdentityError, IdentityErrorCode } from '../../domain/identity.errors';
import { canEditUser } from '../../domain/user';
import type { ApiKeyVault } from '../../infrastructure/api-key-vault';
import type { IdentityRepositories, IdentityStore } from '../../infrastructure/identity.store';
import type { ApiKeyView } from '../api-key-view';
import { findCompanyUser } from '../get-user/get-user';

/** The key of a user of the caller's company, or 404 when there is none. */
export async function findApiKey(repos: IdentityRepositories, vault: ApiKeyVault, principal: UserPrincipal, userUuid: string): Promise<ApiKeyView> {
  const user = await findCompanyUser(repos, principal, userUuid);
  const key = await repos.apiKeys.findByUser(user.uuid);
  if (!key) throw new IdentityError(IdentityErrorCode.IntegrationKeyNotFound);
  return { value: vault.decrypt(key.keyCiphertext), key, user };
}

/** Administrators read any key of their company; a user may read their own. */
export async function getApiKey(
  deps: { store: IdentityStore; vault: ApiKeyVault },
  principal: UserPrincipal,
  userUuid: string,
): Promise<ApiKeyView> {
  const view = await findApiKey(deps.store.read, deps.vault, principal, userUuid);
  if (!canEditUser(principal, view.user)) throw sharedError(SharedErrorCode.AdministratorRequired);
  return view;
}
