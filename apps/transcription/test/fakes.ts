import type { interviews } from '@vi/contracts';
import { AppError, ErrorKind } from '@vi/platform-errors';
import type { Caller, Principal } from '@vi/platform-grpc';
import { memoryStore, type Stateful } from '@vi/platform-testing';
import type { InterviewsDirectory, TranscriptionQueue } from '../src/application/ports';
import type { CompanySettingRepository, ProcessedEventRepository, TranscriptRepository } from '../src/application/store';
import type { CompanySetting } from '../src/domain/company-setting';
import type { Transcript, TranscriptOutcome } from '../src/domain/transcript';

/**
 * The transcription service's repositories in memory, for use-case specs in a `memoryStore` (@vi/platform-testing,
 * decision 028); `test/repositories.contract.integration.spec.ts` runs them and the SQL ones against one contract.
 */
export class InMemoryTranscripts implements TranscriptRepository, Stateful<{ rows: Transcript[] }> {
  state = { rows: [] as Transcript[] };

  async find(companyUuid: string, interviewUuid: string, sourceUuid: string): Promise<Transcript | undefined> {
    const found = this.state.rows.find((t) => t.companyUuid === companyUuid && t.interviewUuid === interviewUuid && t.source.uuid === sourceUuid);
    return found && structuredClone(found);
  }

  async listOf(companyUuid: string, interviewUuids: string[]): Promise<Transcript[]> {
    return this.state.rows
      .filter((t) => t.companyUuid === companyUuid && interviewUuids.includes(t.interviewUuid))
      .sort((a, b) => compare(a.interviewUuid, b.interviewUuid) || a.createdAt.getTime() - b.createdAt.getTime() || compare(a.uuid, b.uuid))
      .map((t) => structuredClone(t));
  }

  async insertIfAbsent(transcript: Transcript): Promise<boolean> {
    if (this.state.rows.some((t) => t.source.uuid === transcript.source.uuid)) return false;
    this.state.rows.push(structuredClone(transcript));
    return true;
  }

  async request(transcript: Transcript): Promise<Transcript> {
    const i = this.state.rows.findIndex((t) => t.source.uuid === transcript.source.uuid);
    if (i < 0) {
      this.state.rows.push(structuredClone(transcript));
      return structuredClone(transcript);
    }
    const row = this.state.rows[i];
    this.state.rows[i] = {
      ...row,
      status: 'pending',
      language: transcript.language,
      contentType: transcript.contentType,
      attempts: 0,
      nextAttemptAt: transcript.nextAttemptAt,
      leaseUntil: null,
      failure: null,
      updatedAt: transcript.updatedAt,
    };
    return structuredClone(this.state.rows[i]);
  }

  async claimDue(now: Date, limit: number, leaseUntil: Date): Promise<Transcript[]> {
    const due = this.state.rows
      .filter((t) => t.status === 'pending' && t.nextAttemptAt !== null && t.nextAttemptAt <= now && (t.leaseUntil === null || t.leaseUntil < now))
      .sort((a, b) => a.nextAttemptAt!.getTime() - b.nextAttemptAt!.getTime() || a.createdAt.getTime() - b.createdAt.getTime())
      .slice(0, Math.max(0, limit));
    for (const t of due) {
      t.leaseUntil = new Date(leaseUntil);
      t.attempts += 1;
    }
    return due.map((t) => structuredClone(t));
  }

  async complete(uuid: string, leaseUntil: Date, outcome: TranscriptOutcome, now: Date): Promise<Transcript | undefined> {
    const row = this.state.rows.find((t) => t.uuid === uuid && t.status === 'pending' && t.leaseUntil?.getTime() === leaseUntil.getTime());
    if (!row) return undefined;
    if (outcome.status === 'done') Object.assign(row, { language: outcome.language, text: outcome.text, segments: structuredClone(outcome.segments) });
    Object.assign(row, {
      status: outcome.status,
      failure: outcome.status === 'done' ? null : outcome.failure,
      nextAttemptAt: outcome.status === 'pending' ? outcome.nextAttemptAt : null,
      attempts: outcome.status === 'pending' && outcome.attempts !== undefined ? outcome.attempts : row.attempts,
      leaseUntil: null,
      updatedAt: now,
    });
    return structuredClone(row);
  }

  async deleteOfInterview(interviewUuid: string): Promise<void> {
    this.state.rows = this.state.rows.filter((t) => t.interviewUuid !== interviewUuid);
  }

  async deleteOfTakes(interviewUuid: string, takeUuids: string[]): Promise<void> {
    this.state.rows = this.state.rows.filter((t) => !(t.interviewUuid === interviewUuid && t.source.kind === 'take' && takeUuids.includes(t.source.uuid)));
  }
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export class InMemoryCompanySettings implements CompanySettingRepository, Stateful<{ rows: Map<string, CompanySetting> }> {
  state = { rows: new Map<string, CompanySetting>() };

  async find(companyUuid: string): Promise<CompanySetting | undefined> {
    const found = this.state.rows.get(companyUuid);
    return found && structuredClone(found);
  }

  async save(setting: CompanySetting): Promise<void> {
    this.state.rows.set(setting.companyUuid, structuredClone(setting));
  }
}

export class InMemoryProcessedEvents implements ProcessedEventRepository, Stateful<{ ids: Set<string> }> {
  state = { ids: new Set<string>() };

  async markProcessed(eventId: string): Promise<boolean> {
    if (this.state.ids.has(eventId)) return false;
    this.state.ids.add(eventId);
    return true;
  }
}

export function inMemoryRepositories() {
  return { transcripts: new InMemoryTranscripts(), settings: new InMemoryCompanySettings(), processedEvents: new InMemoryProcessedEvents() };
}

export const inMemoryTranscriptionStore = () => memoryStore(inMemoryRepositories());

interface StoredInterview {
  companyUuid: string;
  language: string;
  /** Whether its takes are visible yet (completed or expired): interviews' 403 otherwise. */
  takesVisible: boolean;
  takes: Map<string, interviews.Take[]>;
  recordings: interviews.Recording[];
}

/**
 * The interviews service as transcription sees it: interviews of companies with their takes and recordings, their
 * stored bytes, its 404s and 403 as it answers them, and who asked what.
 */
export class InterviewsTable implements InterviewsDirectory {
  private readonly interviews = new Map<string, StoredInterview>();
  private readonly bytes = new Map<string, Buffer>();
  /** The principals of the calls made as a caller, in order. */
  readonly callers: Principal[] = [];
  /** The media asked for, in order. */
  readonly mediaRequests: interviews.TranscriptionMediaRequest[] = [];

  putInterview(uuid: string, companyUuid: string, options: { language?: string; takesVisible?: boolean } = {}): void {
    this.interviews.set(uuid, {
      companyUuid,
      language: options.language ?? 'en',
      takesVisible: options.takesVisible ?? true,
      takes: new Map(),
      recordings: [],
    });
  }

  putTake(interviewUuid: string, take: interviews.Take, media: Buffer): void {
    const of = this.interviews.get(interviewUuid)!;
    of.takes.set(take.question_uuid, [...(of.takes.get(take.question_uuid) ?? []), take]);
    this.bytes.set(take.uuid, media);
  }

  putRecording(interviewUuid: string, recording: interviews.Recording, media: Buffer): void {
    this.interviews.get(interviewUuid)!.recordings.push(recording);
    this.bytes.set(recording.uuid, media);
  }

  setTakesVisible(interviewUuid: string, visible: boolean): void {
    this.interviews.get(interviewUuid)!.takesVisible = visible;
  }

  async interviewLanguage(caller: Caller<Principal>, interviewUuid: string): Promise<string> {
    return this.visibleTo(caller, interviewUuid).language;
  }

  async takes(caller: Caller<Principal>, interviewUuid: string, questionUuid: string): Promise<interviews.Take[]> {
    const found = this.visibleTo(caller, interviewUuid);
    if (!found.takesVisible) throw new AppError(ErrorKind.PermissionDenied, 'api.interview_takes_not_visible', 'The takes are not visible yet');
    return found.takes.get(questionUuid) ?? [];
  }

  async recordings(caller: Caller<Principal>, interviewUuid: string): Promise<interviews.Recording[]> {
    return this.visibleTo(caller, interviewUuid).recordings;
  }

  async *media(request: interviews.TranscriptionMediaRequest): AsyncIterable<Uint8Array> {
    this.mediaRequests.push(request);
    const found = this.interviews.get(request.interview_uuid);
    const data = this.bytes.get(request.take_uuid ?? request.recording_uuid ?? '');
    if (!found || found.companyUuid !== request.company_uuid || !data) throw new AppError(ErrorKind.NotFound, 'api.take_not_found', 'Take not found');
    // In chunks, as the stream sends them.
    for (let at = 0; at < data.length; at += 16 * 1024) yield data.subarray(at, at + 16 * 1024);
  }

  private visibleTo(caller: Caller<Principal>, interviewUuid: string): StoredInterview {
    this.callers.push(caller.principal);
    const found = this.interviews.get(interviewUuid);
    const company = caller.principal.kind === 'user' ? caller.principal.companyUuid : undefined;
    if (!found || found.companyUuid !== company) throw new AppError(ErrorKind.NotFound, 'api.interview_not_found', 'Interview not found');
    return found;
  }
}

/** A queue that counts its wake-ups. */
export class CountingQueue implements TranscriptionQueue {
  wakes = 0;

  wake(): void {
    this.wakes += 1;
  }
}
