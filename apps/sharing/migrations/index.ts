import type { Migration } from 'kysely';
import * as initial from './0001_initial';
import * as noBearerTokensAtRest from './0002_no_bearer_tokens_at_rest';
import * as outboxTraceContext from './0003_outbox_trace_context';
import * as outboxClaims from './0004_outbox_claims';

/** Forward-only, applied in key order at service start. */
export const sharingMigrations: Record<string, Migration> = {
  '0001_initial': initial,
  '0002_no_bearer_tokens_at_rest': noBearerTokensAtRest,
  '0003_outbox_trace_context': outboxTraceContext,
  '0004_outbox_claims': outboxClaims,
};
