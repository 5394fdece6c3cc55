import type { Migration } from 'kysely';
import * as initial from './0001_initial';

/** Forward-only, applied in key order at service start. */
export const transcriptionMigrations: Record<string, Migration> = {
  '0001_initial': initial,
};
