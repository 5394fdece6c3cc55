import type { Migration } from 'kysely';
import * as initial from './0001_initial';
import * as outboxTraceContext from './0002_outbox_trace_context';

/** Forward-only, applied in key order at service start. */
export const jobsMigrations: Record<string, Migration> = {
  '0001_initial': initial,
  '0002_outbox_trace_context': outboxTraceContext,
};
