import { generateApiKey, type identity } from '@vi/contracts';
import type { StoreOf } from '@vi/platform-bus';
import { administratorOf, type UserPrincipal } from '@vi/platform-grpc';
import type { Clock } from '@vi/platform-time';
import type { ApiKeyVault } from '../ports';
import type { IdentityStore } from '../store';
import { apiKeyEvents, renderApiKey } from '../api-key-rendering';
import { findApiKey } from '../shared/find-api-key';

export interface UpdateApiKeyInput {
  userUuid: string;
  description?: string;
  /** Replaces the value; the old one is refused from the moment this commits. */
  rotate: boolean;
}

export async function updateApiKey(
  deps: { store: StoreOf<IdentityStore, 'users' | 'apiKeys'>; vault: ApiKeyVault; defaultAvatarUrl: string; clock: Clock },
  principal: UserPrincipal,
  input: UpdateApiKeyInput,
): Promise<identity.ApiKey> {
  administratorOf(principal);
  return deps.store.transaction(async (tx) => {
    const current = await findApiKey(tx, deps.vault, principal, input.userUuid);
    const value = input.rotate ? generateApiKey() : current.value;
    const key = {
      ...current.key,
      description: input.description ?? current.key.description,
      keyHash: deps.vault.hash(value),
      keyCiphertext: input.rotate ? deps.vault.encrypt(value) : current.key.keyCiphertext,
      updatedAt: deps.clock.now(),
    };
    await tx.apiKeys.update(key.uuid, key);
    if (input.rotate) {
      await tx.publish([apiKeyEvents.revoked({ key_uuid: key.uuid, user_uuid: current.user.uuid, company_uuid: current.user.companyUuid, reason: 'rotated' })]);
    }
    return renderApiKey({ value, key, user: current.user }, deps.defaultAvatarUrl);
  });
}
