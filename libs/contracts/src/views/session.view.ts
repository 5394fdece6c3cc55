import { z } from 'zod';
import type { ResolvedSession } from '../generated/identity';
import { timestampView, uuidView } from './view-parts';

/** What the pages learn about their session: who, until when, and the CSRF token to echo. */
export const SessionView = z
  .object({
    user_uuid: uuidView,
    ends_at: timestampView,
    expires_at: timestampView,
    csrf_token: z.string().meta({ description: 'Echo it in X-CSRF-Token on requests that change something' }),
  })
  .meta({ id: 'Session' });

/** A session just opened (sign-in, a password set); the CSRF token is the gateway's, derived from the session's id. */
export function sessionJson(session: Pick<ResolvedSession, 'user_uuid' | 'ends_at' | 'expires_at'>, csrfToken: string): z.output<typeof SessionView> {
  return { user_uuid: session.user_uuid, ends_at: session.ends_at, expires_at: session.expires_at, csrf_token: csrfToken };
}
