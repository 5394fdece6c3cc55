import type { BasicShareLinkWithoutUrl } from '@vi/contracts';
import type { PendingEvents, Store } from '@vi/platform-bus';
import type { AccommodationRequest } from '../domain/accommodations';
import type { ChatMessage } from '../domain/chat';
import type { EvaluationsChange, Interview, InterviewOrder, InterviewQuestion } from '../domain/interview';
import type { InterviewStatus, InterviewType } from '../domain/interview-status';
import type { QuestionSet, QuestionSetQuestion } from '../domain/question-set';
import type { Recording, RecordingPart } from '../domain/recording';
import type { Take } from '../domain/take';
import type { TranscriptText } from '../domain/transcript-search';

/**
 * The interviews service's store as its use cases see it (decision 033): the repositories' interfaces, owned here;
 * the SQL repositories of `infrastructure/` implement them, and `test/fakes.ts` in memory.
 */
export interface InterviewsRepositories {
  readonly interviews: InterviewRepository;
  readonly questions: QuestionRepository;
  readonly counters: InterviewCounterRepository;
  readonly projections: ProjectionRepository;
  readonly takes: TakeRepository;
  readonly recordings: RecordingRepository;
  readonly liveCalls: LiveCallRepository;
  readonly questionSets: QuestionSetRepository;
  readonly shareLinks: ShareLinkProjectionRepository;
  readonly creations: CreationRepository;
  readonly companyMedia: CompanyMediaRepository;
  readonly transcriptionSettings: TranscriptionSettingRepository;
  readonly transcriptSearch: TranscriptSearchRepository;
}

/** Each company's transcription as the transcription service last published it (decision 073). */
export interface TranscriptionSettingRepository {
  /** Keeps the newest: a change as of before the one stored (events come in any order) changes nothing. */
  apply(companyUuid: string, transcription: boolean, at: Date): Promise<void>;
  /** Whether the company's answers are transcribed now: false for a company never heard of (off until turned on). */
  isOn(companyUuid: string): Promise<boolean>;
}

/** The text search vectors of done transcripts, one per take or recording (decision 073): what `?q=` matches. */
export interface TranscriptSearchRepository {
  /** Stores the vector of the text, replacing the one of the same take or recording unless that one is newer. */
  index(transcript: TranscriptText): Promise<void>;
  /** Forgets an interview's vectors (its deletion, reset, its job seeker's erasure). */
  deleteFor(interviewUuid: string): Promise<void>;
  /** The same for interviews deleted before `cutoff`, at most `limit` vectors; how many went (the retention sweep). */
  deleteOfInterviewsDeletedBefore(cutoff: Date, limit: number): Promise<number>;
  /** Forgets the vectors of these takes or recordings (superseded takes purged by the retention sweep). */
  deleteOfSources(sourceUuids: string[]): Promise<void>;
}

/** What a company's interviews keep in media storage, all of them together (issue 38, decision 037). */
export interface CompanyMediaRepository {
  /**
   * Bytes kept for the company's interviews, takes and recordings, deleted interviews' until swept: what
   * MAX_COMPANY_MEDIA_BYTES bounds. `lock` holds the company's media lock until the transaction ends, so two uploads
   * of one company are counted one after the other.
   */
  bytesStored(companyUuid: string, options?: { lock?: boolean }): Promise<number>;
}

export type InterviewsStore = Store<InterviewsRepositories>;

export interface InterviewListQuery {
  companyUuid: string;
  types: InterviewType[];
  statuses: InterviewStatus[];
  orderBy: InterviewOrder;
  offset: number;
  limit: number;
  /**
   * `?q=` (decision 073): only interviews whose transcripts match `websearch_to_tsquery` of their configuration, or
   * whose candidate's name or email or job's title holds the words (case-insensitive). Absent: no search.
   */
  q?: string;
}

/** The sort keys of an interview's candidate, job and company, copied into its row (one index scan per sorted page). */
export interface InterviewKeys {
  candidateKey: string;
  jobKey: string;
  companyKey: string;
}

export interface NewInterviewRow {
  interview: Interview;
  keys: InterviewKeys;
}

/** What one creation writes: the projections of what it read from identity and jobs, its interviews and their questions. */
export interface NewCreation {
  /** Its company, job, creator and candidates, each row as `upsertCompany`, `upsertJob` and `refreshPeople` write it. */
  projections: { company: CompanyRow; job: JobPostRow; people: PersonRow[] };
  at: Date;
  /** At least one; all of one company, type and status. */
  interviews: NewInterviewRow[];
  questions: InterviewQuestion[];
}

export interface CreationRepository {
  /**
   * Writes a creation and its events' outbox rows in one statement (decisions 043, 048, 053): the projections (only
   * what changed), the interviews, their questions, and the counter moved by their number.
   */
  write(creation: NewCreation, events: PendingEvents): Promise<void>;
}

/** A page of interviews with the projections and share links that render them (a list item has no questions). */
export interface InterviewPageRows {
  interviews: Interview[];
  jobs: Map<string, JobPostRow>;
  people: Map<string, PersonRow>;
  companies: Map<string, CompanyRow>;
  shareLinks: Map<string, BasicShareLinkWithoutUrl>;
  /**
   * The filter's total (the counters); undefined when the page is empty, and then read on its own. With `q`, the
   * number of matches, always given (no counter holds it).
   */
  total: number | undefined;
  /** The company's list version, read in the same statement (decision 050); undefined when the page is empty. */
  version: number | undefined;
}

/** What a page kept from before is checked against: the company's list version and the filter's total, in one snapshot. */
export interface InterviewListState {
  version: number;
  total: number;
}

export interface InterviewRepository {
  find(companyUuid: string, uuid: string, options?: { lock?: boolean }): Promise<Interview | undefined>;
  /** A live interview of any company: for customer support only. */
  findForSupport(uuid: string, options?: { lock?: boolean }): Promise<Interview | undefined>;
  /** The live interviews of any company among these uuids, in no particular order (the candidate links of a dispatcher pass). */
  findManyForSupport(uuids: string[]): Promise<Interview[]>;
  /** The company's live interviews among these uuids (the sharing service's reads). */
  findMany(companyUuid: string, uuids: string[]): Promise<Interview[]>;
  /** An interview by uuid if it is assigned to this job seeker (the candidate side's only way in). */
  findAssigned(uuid: string, candidateUuid: string, options?: { lock?: boolean }): Promise<Interview | undefined>;
  /**
   * A page sorted and filtered in the database (the uuid in the sort's direction makes the order total), with what
   * rendering it needs and the filter's exact total, read in one statement and one snapshot (decision 048).
   */
  page(query: InterviewListQuery): Promise<InterviewPageRows>;
  /** New interviews, in one statement (a bulk invitation's whole batch: decision 043). */
  insert(rows: NewInterviewRow[]): Promise<void>;
  update(interview: Interview): Promise<void>;
  /**
   * The evaluations service's change to a live interview (decision 070): each count raised to the change's, never
   * lowered; the decision replaced by one whose `decided_at` is not older. Nothing when the change was published before
   * the interview's last reset (`clearEvaluations`), and no write when nothing moves. `update` never writes these.
   */
  applyEvaluations(uuid: string, change: EvaluationsChange): Promise<void>;
  /** Forgets the decision and the counts (a reset); changes published before `at` are ignored from then on. */
  clearEvaluations(uuid: string, at: Date): Promise<void>;
  /** Every interview of a job seeker, deleted ones included, locked (erasure, decision 019). */
  allOfCandidate(candidateUuid: string): Promise<(Interview & { deletedAt: Date | null })[]>;
  /** Forgets what the job seeker gave with an interview (the phone number, the SMS consent) and the name the company gave them (decision 036). */
  erasePersonalFields(uuid: string, at: Date, erasedName: string): Promise<void>;
  markDeleted(uuid: string, at: Date): Promise<void>;
  /** Open interviews whose due time has passed, locked so that each is taken by one replica only. */
  lockOverdue(now: Date, limit: number): Promise<Interview[]>;
  /** A candidate's request for an accommodation (issue 42). */
  addAccommodationRequest(request: AccommodationRequest): Promise<void>;
  /** How many requests an interview has had since `since` (the start of a UTC day); counted under its row lock. */
  countAccommodationRequestsSince(interviewUuid: string, since: Date): Promise<number>;
  /** The requests of these interviews, oldest first, by interview uuid (none: absent). */
  accommodationRequestsOf(interviewUuids: string[]): Promise<Map<string, AccommodationRequest[]>>;
  /** Forgets an interview's requests (erasure of its job seeker, decision 019). */
  deleteAccommodationRequests(interviewUuid: string): Promise<void>;
}

export interface QuestionRepository {
  listFor(interviewUuids: string[]): Promise<Map<string, InterviewQuestion[]>>;
  find(interviewUuid: string, uuid: string): Promise<InterviewQuestion | undefined>;
  nextPosition(interviewUuid: string): Promise<number>;
  insert(questions: InterviewQuestion[]): Promise<void>;
  update(question: InterviewQuestion): Promise<void>;
  delete(uuid: string): Promise<void>;
}

/** Interviews per company, type and status: list totals without a count scan. */
export interface InterviewCounterRepository {
  /** Moves `count` interviews (default one) of a type from one status to another (null: none, for a creation or a deletion). */
  move(companyUuid: string, type: InterviewType, from: InterviewStatus | null, to: InterviewStatus | null, count?: number): Promise<void>;
  total(companyUuid: string, types: InterviewType[], statuses: InterviewStatus[]): Promise<number>;
  /**
   * The company's list version (moved in the transaction of every write to what a list item shows: migration 0012,
   * decision 050) and the filter's total, in one prepared statement.
   */
  listState(companyUuid: string, types: InterviewType[], statuses: InterviewStatus[]): Promise<InterviewListState>;
}

/** A job as interviews keep it from the jobs service's events. */
export interface JobPostRow {
  uuid: string;
  company_uuid: string;
  title: string;
  status: string;
  created_at: Date;
  updated_at: Date;
  status_updated_at: Date;
  created_by: { uuid: string; name: string; email: string; avatar: string } | null;
  location: { uuid: string; formatted_address: string } | null;
  /** The job's video (decision 046), as the candidate page plays it; null without one. */
  video: { url: string; duration_seconds: number; content_type: string; captions_url?: string | null } | null;
}

/** A user (a candidate, a company user) as interviews keep them from identity's events. */
export interface PersonRow {
  uuid: string;
  name: string;
  email: string;
  avatar: string;
}

export interface CompanyRow {
  uuid: string;
  name: string;
  avatar: string;
}

/** What interviews show of other services' data (jobs, users, companies), kept current from events. */
export interface ProjectionRepository {
  /**
   * Keeps the newest: a job older (by `updated_at`) than the one stored changes nothing (events come in any order),
   * nor does one equal to it; the interviews' `job_key` is rewritten only when the title stored changed.
   */
  upsertJob(job: JobPostRow): Promise<void>;
  /** Keeps the newest: a person as of before `at` of the one stored changes nothing. */
  upsertPerson(person: PersonRow, at: Date): Promise<void>;
  /**
   * People as a use case just read them from identity, in one statement: stored when new or different. One whose
   * name, email and avatar are already stored is left as it is, its time too: this write only runs ahead of
   * identity's events, which keep the order (decision 043). Not for events: they must move the time.
   */
  refreshPeople(people: PersonRow[], at: Date): Promise<void>;
  /** Stored when new or different (no write when it changes nothing). */
  upsertCompany(company: CompanyRow): Promise<void>;
  jobs(uuids: string[]): Promise<Map<string, JobPostRow>>;
  people(uuids: string[]): Promise<Map<string, PersonRow>>;
  companies(uuids: string[]): Promise<Map<string, CompanyRow>>;
  /** Records an event as applied; false when it was applied before (redelivery). */
  markProcessed(eventId: string): Promise<boolean>;
}

export interface TakeRepository {
  listFor(questionUuid: string): Promise<Take[]>;
  find(questionUuid: string, uuid: string): Promise<Take | undefined>;
  /** Deletes every take of an interview; returns them so their videos can be removed after the commit. */
  deleteFor(interviewUuid: string): Promise<Take[]>;
  /** Takes of interviews deleted before `cutoff`, oldest deletion first (the retention sweep, decision 019). */
  ofInterviewsDeletedBefore(cutoff: Date, limit: number): Promise<Take[]>;
  /** Bytes of video kept for an interview: what MAX_INTERVIEW_MEDIA_BYTES bounds (decision 037). */
  bytesStored(interviewUuid: string): Promise<number>;
  /** Takes superseded before `cutoff` (each question keeps its latest take, decision 037), oldest first. */
  supersededBefore(cutoff: Date, limit: number): Promise<Take[]>;
  deleteMany(uuids: string[]): Promise<void>;
  insert(take: Take): Promise<void>;
  /** Every take of these interviews, by question then number (the sharing service's views). */
  listForInterviews(interviewUuids: string[]): Promise<Take[]>;
  /** A take by uuid if it belongs to one of these interviews. */
  /**
   * The take when it belongs to one of the interviews; `lock` holds it (`for key share`) until the transaction ends, so
   * the retention sweep's purge of a superseded take waits for what is written about it, and then sees it.
   */
  findInInterviews(interviewUuids: string[], uuid: string, options?: { lock?: boolean }): Promise<Take | undefined>;
}

export interface QuestionSetRepository {
  /** A page of the company's sets, oldest first, with their questions and the company's total. */
  list(companyUuid: string, page: { offset: number; limit: number }): Promise<{ sets: QuestionSet[]; total: number }>;
  /** A set of the company that is not deleted; `lock` holds its row until the transaction ends. */
  find(companyUuid: string, uuid: string, options?: { lock?: boolean }): Promise<QuestionSet | undefined>;
  insert(set: QuestionSet): Promise<void>;
  /** Name and updated_at; the questions change with replaceQuestions. */
  update(set: Pick<QuestionSet, 'uuid' | 'name' | 'updatedAt'>): Promise<void>;
  /** Makes the set's questions exactly `next`: missing ones removed, the others updated, new ones added. */
  replaceQuestions(setUuid: string, previous: QuestionSetQuestion[], next: QuestionSetQuestion[]): Promise<void>;
  /** Soft delete: the set is gone from lists and reads; its rows stay. */
  markDeleted(uuid: string, at: Date): Promise<void>;
}

/** The interviews' basic share links as the sharing service last published them (no URL: decision 018). */
export interface ShareLinkProjectionRepository {
  /** Stores the link (null: deleted) unless a newer version is already stored. */
  apply(interviewUuid: string, link: BasicShareLinkWithoutUrl | null, version: number): Promise<void>;
  forInterviews(interviewUuids: string[]): Promise<Map<string, BasicShareLinkWithoutUrl>>;
}

/** Live interviews' call recordings and their parts until joined (decision 040). */
export interface RecordingRepository {
  insert(recording: Recording): Promise<void>;
  find(interviewUuid: string, uuid: string, options?: { lock?: boolean }): Promise<Recording | undefined>;
  /** These interviews' recordings, oldest first (`endedOnly`: those ended). */
  listFor(interviewUuids: string[], options?: { endedOnly?: boolean }): Promise<Recording[]>;
  /** Bytes the interview's recordings hold (received so far, or joined): what they count against its storage quota. */
  bytesStored(interviewUuid: string): Promise<number>;
  /** An ended recording by uuid if it belongs to one of these interviews. */
  findEndedInInterviews(interviewUuids: string[], uuid: string): Promise<Recording | undefined>;
  update(recording: Recording): Promise<void>;
  /**
   * Claims for finishing the recordings whose parts stopped coming before `idleBefore` (ended when their last part
   * came), and those whose finishing was claimed before `staleBefore` and never done; never one two replicas claim.
   */
  claimUnfinished(now: Date, idleBefore: Date, staleBefore: Date, limit: number): Promise<Recording[]>;
  /** Ends a recording being finished by this claim (`claimedAt`); false when it was claimed again or deleted meanwhile. */
  completeFinishing(recording: Recording, claimedAt: Date): Promise<boolean>;
  delete(uuid: string): Promise<void>;
  insertPart(part: RecordingPart): Promise<void>;
  partsOf(recordingUuid: string): Promise<RecordingPart[]>;
  deleteParts(recordingUuid: string): Promise<void>;
  /** Deletes every recording of an interview, parts included; the media keys to remove after the commit. */
  deleteFor(interviewUuid: string): Promise<string[]>;
  /** The media keys of recordings of interviews deleted before `cutoff`, at most `limit` recordings (the retention sweep). */
  ofInterviewsDeletedBefore(cutoff: Date, limit: number): Promise<Array<{ uuid: string; keys: string[] }>>;
  deleteMany(uuids: string[]): Promise<void>;
}

/** Live interviews' calls as interviews keep them: when each started, and its chat (decision 039). */
export interface LiveCallRepository {
  /** Notes that the call started at `at` unless a start is kept already (the first participant admitted). */
  markStarted(interviewUuid: string, at: Date): Promise<void>;
  startedAt(interviewUuid: string): Promise<Date | undefined>;
  /** The number of the call's last message; 0 without one. */
  lastMessageNumber(interviewUuid: string): Promise<number>;
  /** Fails with a unique violation when the interview has a message of that number already. */
  insertMessage(message: ChatMessage): Promise<void>;
  /** A page of the call's messages in their order, and how many it holds. */
  messages(interviewUuid: string, page: { offset: number; limit: number }): Promise<{ messages: ChatMessage[]; total: number }>;
  /** Forgets the call of an interview: its messages and its start (a reset, an erasure). */
  deleteFor(interviewUuid: string): Promise<void>;
  /** The same for interviews deleted before `cutoff`, at most `limit` of them; how many calls were forgotten (the retention sweep). */
  deleteOfInterviewsDeletedBefore(cutoff: Date, limit: number): Promise<number>;
}
