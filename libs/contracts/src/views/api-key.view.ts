import { z } from 'zod';
import type { ApiKey } from '../generated/identity';
import { timestampView, UserSummaryView } from './view-parts';

export const ApiKeyView = z
  .object({
    key: z.string(),
    description: z.string(),
    type: z.string(),
    last_used_at: timestampView.nullable(),
    created_at: timestampView,
    updated_at: timestampView,
    user: UserSummaryView.nullable(),
  })
  .meta({ id: 'ApiKey' });

/** A user's API key (`/users/<uuid>/integration_key`). */
export function apiKeyJson(key: ApiKey): z.output<typeof ApiKeyView> {
  return {
    key: key.key,
    description: key.description,
    type: key.type,
    last_used_at: key.last_used_at ?? null,
    created_at: key.created_at,
    updated_at: key.updated_at,
    user: key.user ?? null,
  };
}
