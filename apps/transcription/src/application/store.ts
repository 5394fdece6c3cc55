import type { Store } from '@vi/platform-bus';
import type { CompanySetting } from '../domain/company-setting';
import type { Transcript, TranscriptOutcome } from '../domain/transcript';

/**
 * The transcription service's store as its use cases see it (decision 033): the repositories' interfaces, owned
 * here; the SQL repositories of `infrastructure/` implement them, and `test/fakes.ts` in memory.
 */
export interface TranscriptionRepositories {
  readonly transcripts: TranscriptRepository;
  readonly settings: CompanySettingRepository;
  readonly processedEvents: ProcessedEventRepository;
}

export type TranscriptionStore = Store<TranscriptionRepositories>;

/** Transcripts, one per take or recording, and the work queue they are. */
export interface TranscriptRepository {
  /** The transcript of that take or recording in that interview of that company. */
  find(companyUuid: string, interviewUuid: string, sourceUuid: string): Promise<Transcript | undefined>;
  /** The transcripts of those interviews of that company, by interview then creation. */
  listOf(companyUuid: string, interviewUuids: string[]): Promise<Transcript[]>;
  /** Makes the pending transcript unless its take or recording has one (a redelivered event); true when made. */
  insertIfAbsent(transcript: Transcript): Promise<boolean>;
  /**
   * Asks again: makes the transcript, or sets the one there back to pending (due now, no lease, attempts 0, no
   * failure; its last text kept until the new one is done), with the language and content type given. Answers it.
   */
  request(transcript: Transcript): Promise<Transcript>;
  /**
   * Claims at most `limit` pending transcripts due at `now` and not leased (`for update skip locked`: replicas take
   * different ones), each leased until `leaseUntil` with one attempt more; oldest due first.
   */
  claimDue(now: Date, limit: number, leaseUntil: Date): Promise<Transcript[]>;
  /**
   * Ends a try of the transcript claimed with that lease: done, failed, or pending again later (the lease released).
   * Undefined when the lease is no longer the worker's (asked again, or the interview deleted meanwhile).
   */
  complete(uuid: string, leaseUntil: Date, outcome: TranscriptOutcome, now: Date): Promise<Transcript | undefined>;
  deleteOfInterview(interviewUuid: string): Promise<void>;
  /** Forgets the transcripts of these takes of the interview (superseded takes interviews purged). */
  deleteOfTakes(interviewUuid: string, takeUuids: string[]): Promise<void>;
}

/** Companies' transcription settings. */
export interface CompanySettingRepository {
  /** Undefined for a company that never changed it (off). */
  find(companyUuid: string): Promise<CompanySetting | undefined>;
  save(setting: CompanySetting): Promise<void>;
}

/** The ledger of consumed events (handlers are idempotent on the event id). */
export interface ProcessedEventRepository {
  /** Records a consumed event; false when it was handled before (redelivery). */
  markProcessed(eventId: string): Promise<boolean>;
}
