import { OutboxStore } from '@vi/platform-bus';
import type { Kysely } from '@vi/platform-postgres';
import type { TranscriptionRepositories, TranscriptionStore } from '../application/store';
import { CompanySettingRepository } from './company-setting.repository';
import { ProcessedEventRepository } from './processed-event.repository';
import { TranscriptRepository } from './transcript.repository';
import type { TranscriptionDatabase } from './transcription.database';

/** The SQL repositories, bound to one connection or transaction. */
export function sqlTranscriptionRepositories(db: Kysely<TranscriptionDatabase>): TranscriptionRepositories {
  return {
    transcripts: new TranscriptRepository(db),
    settings: new CompanySettingRepository(db),
    processedEvents: new ProcessedEventRepository(db),
  };
}

export function createTranscriptionStore(db: Kysely<TranscriptionDatabase>, relay: ConstructorParameters<typeof OutboxStore>[1]): TranscriptionStore {
  return new OutboxStore(db, relay, sqlTranscriptionRepositories);
}
