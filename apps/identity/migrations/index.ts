import type { Migration } from 'kysely';
import * as initial from './0001_initial';
import * as setPasswordTokens from './0002_set_password_tokens';
import * as passwordsAndSessions from './0003_passwords_and_sessions';
import * as noBearerTokensAtRest from './0004_no_bearer_tokens_at_rest';
import * as outboxTraceContext from './0005_outbox_trace_context';
import * as signInFailures from './0006_sign_in_failures';
import * as outboxClaims from './0007_outbox_claims';

/** Forward-only, applied in key order at service start. */
export const identityMigrations: Record<string, Migration> = {
  '0001_initial': initial,
  '0002_set_password_tokens': setPasswordTokens,
  '0003_passwords_and_sessions': passwordsAndSessions,
  '0004_no_bearer_tokens_at_rest': noBearerTokensAtRest,
  '0005_outbox_trace_context': outboxTraceContext,
  '0006_sign_in_failures': signInFailures,
  '0007_outbox_claims': outboxClaims,
};
