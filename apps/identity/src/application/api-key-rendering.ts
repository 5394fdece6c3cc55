import { IdentitySubjects, type ApiKeyEventPayload, type identity } from '@vi/contracts';
import type { NewEvent } from '@vi/platform-bus';
import { toRfc3339 } from '@vi/platform-time';
import type { User } from '../domain/user';
import type { ApiKeyOwner, StoredApiKey } from './store';
import { renderActingUser, renderUserSummary } from './user-rendering';

/** An integration key as its administrator sees it: the value, decrypted, and its owner. */
export interface ApiKeyView {
  value: string;
  key: StoredApiKey;
  user: User;
}

export function renderApiKey(view: ApiKeyView, defaultAvatarUrl: string): identity.ApiKey {
  return {
    key: view.value,
    description: view.key.description,
    type: view.key.type,
    last_used_at: view.key.lastUsedAt ? toRfc3339(view.key.lastUsedAt) : undefined,
    created_at: toRfc3339(view.key.createdAt),
    updated_at: toRfc3339(view.key.updatedAt),
    user: renderUserSummary(view.user, defaultAvatarUrl),
  };
}

/** Who a key acts for, as the gateway authenticates it. */
export function renderResolvedApiKey(owner: ApiKeyOwner): identity.ResolvedApiKey {
  return { key_uuid: owner.keyUuid, ...renderActingUser(owner) };
}

export const apiKeyEvents = {
  created: (payload: ApiKeyEventPayload): NewEvent => ({ subject: IdentitySubjects.ApiKeyCreated, payload }),
  /** Gateways drop the key from their caches at once. */
  revoked: (payload: ApiKeyEventPayload): NewEvent => ({ subject: IdentitySubjects.ApiKeyRevoked, payload }),
};
