import type { Migration } from 'kysely';
import * as initial from './0001_initial';
import * as linksIssuedAtSend from './0002_links_issued_at_send';
import * as messageTraceContext from './0003_message_trace_context';
import * as interviewCalendars from './0004_interview_calendars';

/** Forward-only, applied in key order at service start. */
export const notificationsMigrations: Record<string, Migration> = {
  '0001_initial': initial,
  '0002_links_issued_at_send': linksIssuedAtSend,
  '0003_message_trace_context': messageTraceContext,
  '0004_interview_calendars': interviewCalendars,
};
