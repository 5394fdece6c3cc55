import { markEventProcessed } from '@vi/platform-bus';
import type { Kysely } from '@vi/platform-postgres';
import type { ProcessedEventRepository as ProcessedEventPort } from '../application/store';
import type { EvaluationsDatabase } from './evaluations.database';

/** The ledger of consumed events. */
export class ProcessedEventRepository implements ProcessedEventPort {
  constructor(private readonly db: Kysely<EvaluationsDatabase>) {}

  markProcessed(eventId: string): Promise<boolean> {
    return markEventProcessed(this.db, eventId);
  }
}
