import type { Migration } from 'kysely';
import * as initial from './0001_initial';
import * as linksIssuedAtSend from './0002_links_issued_at_send';

/** Forward-only, applied in key order at service start. */
export const notificationsMigrations: Record<string, Migration> = {
  '0001_initial': initial,
  '0002_links_issued_at_send': linksIssuedAtSend,
};
