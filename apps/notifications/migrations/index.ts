import type { Migration } from 'kysely';
import * as initial from './0001_initial';
import * as linksIssuedAtSend from './0002_links_issued_at_send';
import * as messageTraceContext from './0003_message_trace_context';

/** Forward-only, applied in key order at service start. */
export const notificationsMigrations: Record<string, Migration> = {
  '0001_initial': initial,
  '0002_links_issued_at_send': linksIssuedAtSend,
  '0003_message_trace_context': messageTraceContext,
};
