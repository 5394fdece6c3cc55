import { generateApiKey } from '@vi/contracts';
import { administratorOf, type UserPrincipal } from '@vi/platform-grpc';
import type { ApiKeyVault } from '../../infrastructure/api-key-vault';
import type { IdentityStore } from '../../infrastructure/identity.store';
import type { ApiKeyView } from '../api-key-view';
import { findApiKey } from '../get-api-key/get-api-key';
import { identityEvents } from '../identity-events';

export interface UpdateApiKeyInput {
  userUuid: string;
  description?: string;
  /** Replaces the value; the old one is refused from the moment this commits. */
  rotate: boolean;
}

export async function updateApiKey(
  deps: { store: IdentityStore; vault: ApiKeyVault },
  principal: UserPrincipal,
  input: UpdateApiKeyInput,
): Promise<ApiKeyView> {
  administratorOf(principal);
  return deps.store.transaction(async (tx) => {
    const current = await findApiKey(tx, deps.vault, principal, input.userUuid);
    const value = input.rotate ? generateApiKey() : current.value;
    const key = {
      ...current.key,
      description: input.description ?? current.key.description,
      keyHash: deps.vault.hash(value),
      keyCiphertext: input.rotate ? deps.vault.encrypt(value) : current.key.keyCiphertext,
      updatedAt: new Date(),
    };
    await tx.apiKeys.update(key.uuid, key);
    if (input.rotate) {
      await tx.publish([
        identityEvents.apiKeyRevoked({ key_uuid: key.uuid, user_uuid: current.user.uuid, company_uuid: current.user.companyUuid, reason: 'rotated' }),
      ]);
    }
    return { value, key, user: current.user };
  });
}
