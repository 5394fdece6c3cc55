import type { ReposOf } from '@vi/platform-bus';
import type { UserPrincipal } from '@vi/platform-grpc';
import { IdentityError, IdentityErrorCode } from '../../domain/identity.errors';
import type { ApiKeyVault } from '../ports';
import type { IdentityStore } from '../store';
import type { ApiKeyView } from '../api-key-rendering';
import { findCompanyUser } from './find-company-user';

/** The key of a user of the caller's company, readable again, or 404 when there is none. */
export async function findApiKey(
  repos: ReposOf<IdentityStore, 'users' | 'apiKeys'>,
  vault: ApiKeyVault,
  principal: UserPrincipal,
  userUuid: string,
): Promise<ApiKeyView> {
  const user = await findCompanyUser(repos, principal, userUuid);
  const key = await repos.apiKeys.findByUser(user.uuid);
  if (!key) throw new IdentityError(IdentityErrorCode.IntegrationKeyNotFound);
  return { value: vault.decrypt(key.keyCiphertext), key, user };
}
