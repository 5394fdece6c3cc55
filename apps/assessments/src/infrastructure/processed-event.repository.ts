import { markEventProcessed } from '@vi/platform-bus';
import type { Kysely } from '@vi/platform-postgres';
import type { ProcessedEventRepository as ProcessedEventPort } from '../application/store';
import type { AssessmentsDatabase } from './assessments.database';

/** The ledger of consumed events. */
export class ProcessedEventRepository implements ProcessedEventPort {
  constructor(private readonly db: Kysely<AssessmentsDatabase>) {}

  markProcessed(eventId: string): Promise<boolean> {
    return markEventProcessed(this.db, eventId);
  }
}
