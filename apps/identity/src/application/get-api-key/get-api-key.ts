import { SharedErrorCode, type identity } from '@vi/contracts';
import type { StoreOf } from '@vi/platform-bus';
import { sharedError, type UserPrincipal } from '@vi/platform-grpc';
import { canEditUser } from '../../domain/user';
import type { ApiKeyVault } from '../ports';
import type { IdentityStore } from '../store';
import { renderApiKey } from '../api-key-rendering';
import { findApiKey } from '../shared/find-api-key';

/** Administrators read any key of their company; a user may read their own. */
export async function getApiKey(
  deps: { store: StoreOf<IdentityStore, 'users' | 'apiKeys'>; vault: ApiKeyVault; defaultAvatarUrl: string },
  principal: UserPrincipal,
  userUuid: string,
): Promise<identity.ApiKey> {
  const view = await findApiKey(deps.store.read, deps.vault, principal, userUuid);
  if (!canEditUser(principal, view.user)) throw sharedError(SharedErrorCode.AdministratorRequired);
  return renderApiKey(view, deps.defaultAvatarUrl);
}
