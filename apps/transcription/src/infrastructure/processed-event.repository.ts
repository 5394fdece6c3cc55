import { markEventProcessed } from '@vi/platform-bus';
import type { Kysely } from '@vi/platform-postgres';
import type { ProcessedEventRepository as ProcessedEventPort } from '../application/store';
import type { TranscriptionDatabase } from './transcription.database';

/** The ledger of consumed events. */
export class ProcessedEventRepository implements ProcessedEventPort {
  constructor(private readonly db: Kysely<TranscriptionDatabase>) {}

  markProcessed(eventId: string): Promise<boolean> {
    return markEventProcessed(this.db, eventId);
  }
}
