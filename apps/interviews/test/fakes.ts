import type { BasicShareLinkWithoutUrl } from '@vi/contracts';
import type { Stateful } from '@vi/platform-testing';
import type { MeasuredVideo, VideoContainer, VideoProbe, VideoTracks } from '../src/application/ports';
import type { ChatMessage } from '../src/domain/chat';
import type { AccommodationRequest } from '../src/domain/accommodations';
import { NO_EVALUATIONS, type EvaluationsChange, type Interview, type InterviewQuestion } from '../src/domain/interview';
import { actionableUntil, OPEN_STATUSES, type InterviewStatus, type InterviewType } from '../src/domain/interview-status';
import type { QuestionSet, QuestionSetQuestion } from '../src/domain/question-set';
import type { Recording, RecordingPart } from '../src/domain/recording';
import type { Take } from '../src/domain/take';
import type { TextSearchConfig, TranscriptText } from '../src/domain/transcript-search';
import type {
  CompanyMediaRepository,
  CompanyRow,
  CreationRepository,
  NewCreation,
  InterviewCounterRepository,
  InterviewListState,
  InterviewKeys,
  NewInterviewRow,
  InterviewListQuery,
  InterviewPageRows,
  InterviewRepository,
  JobPostRow,
  LiveCallRepository,
  PersonRow,
  ProjectionRepository,
  QuestionRepository,
  QuestionSetRepository,
  RecordingRepository,
  ShareLinkProjectionRepository,
  TakeRepository,
  TranscriptionSettingRepository,
  TranscriptSearchRepository,
} from '../src/application/store';

/*
 * In-memory stand-ins for interviews' repositories and ports, for use-case specs (decision 027's unit tier), handed
 * to a use case through `memoryStore` (@vi/platform-testing), which puts their `state` back when a transaction's
 * work throws. What only SQL can show (locks, sort keys, the projections' version checks) is the integration
 * specs' (apps/interviews/test/*.integration.spec.ts); these keep the rows a use case reads and writes.
 */

/** The repositories rendering an interview reads, empty unless seeded (with the candidate side's transcription settings). */
export function renderingRepos(seed: { questions?: InterviewQuestion[] } = {}) {
  return {
    projections: new MemoryProjections(),
    questions: new MemoryQuestions(seed.questions),
    shareLinks: new MemoryShareLinks(),
    transcriptionSettings: new MemoryTranscriptionSettings(),
  };
}

/**
 * A creation's one statement in memory: the same writes, made through the other fakes given (the store puts their
 * state back when the work throws). Its events are published by the store (`events`).
 */
export class MemoryCreations implements Stateful<null>, CreationRepository {
  state = null;

  constructor(private readonly repos: { interviews: MemoryInterviews; questions: MemoryQuestions; counters: MemoryCounters; projections: MemoryProjections }) {}

  async write({ projections, at, interviews, questions }: NewCreation): Promise<void> {
    await this.repos.projections.refreshForCreation(projections, at);
    await this.repos.interviews.insert(interviews);
    await this.repos.questions.insert(questions);
    const [{ interview }] = interviews;
    await this.repos.counters.move(interview.companyUuid, interview.type, null, interview.status, interviews.length);
  }
}

/** The repositories a creation writes, sharing their rows with `creations`. */
export function creationRepos(interviews: Interview[] = []) {
  const rendering = renderingRepos();
  const repos = { interviews: new MemoryInterviews(interviews, rendering), counters: new MemoryCounters(interviews), ...rendering };
  return { ...repos, creations: new MemoryCreations(repos) };
}

interface InterviewRow {
  interview: Interview;
  keys: InterviewKeys;
  deletedAt: Date | null;
  /** The last reset's time (`clearEvaluations`). */
  evaluationsClearedAt?: Date;
  /** The candidate's requests for an accommodation (issue 42), oldest first. */
  accommodationRequests?: AccommodationRequest[];
}

const NO_KEYS: InterviewKeys = { candidateKey: '', jobKey: '', companyKey: '' };

export class MemoryInterviews implements Stateful<Map<string, InterviewRow>>, InterviewRepository {
  state = new Map<string, InterviewRow>();
  /** Per company: what its list showed when its version was last read, and that version. */
  private readonly versions = new Map<string, { shown: string; version: number }>();

  constructor(
    interviews: Interview[] = [],
    private readonly joined?: { projections: MemoryProjections; shareLinks: MemoryShareLinks; search?: MemoryTranscriptSearch },
  ) {
    for (const interview of interviews) this.state.set(interview.uuid, { interview: { ...interview }, keys: NO_KEYS, deletedAt: null });
  }

  /** The interview as stored, deleted or not (for assertions). */
  stored(uuid: string): (Interview & { deletedAt: Date | null }) | undefined {
    const row = this.state.get(uuid);
    return row && { ...row.interview, deletedAt: row.deletedAt };
  }

  private live(): Interview[] {
    return [...this.state.values()].filter((row) => row.deletedAt === null).map((row) => ({ ...row.interview }));
  }

  async find(companyUuid: string, uuid: string): Promise<Interview | undefined> {
    return this.live().find((i) => i.uuid === uuid && i.companyUuid === companyUuid);
  }

  async findForSupport(uuid: string): Promise<Interview | undefined> {
    return this.live().find((i) => i.uuid === uuid);
  }

  async findManyForSupport(uuids: string[]): Promise<Interview[]> {
    return this.live().filter((i) => uuids.includes(i.uuid));
  }

  async findMany(companyUuid: string, uuids: string[]): Promise<Interview[]> {
    return this.live().filter((i) => i.companyUuid === companyUuid && uuids.includes(i.uuid));
  }

  async findAssigned(uuid: string, candidateUuid: string): Promise<Interview | undefined> {
    return this.live().find((i) => i.uuid === uuid && i.candidateUuid === candidateUuid);
  }

  /**
   * Filters and pages like the SQL; sorts by scheduled_at or updated_at only (names sort in the integration specs).
   * The page's projections and share links come from the fakes given to the constructor (none without them).
   */
  async page(query: InterviewListQuery): Promise<InterviewPageRows> {
    const [key, direction] = query.orderBy.split('_');
    const at = (i: Interview) => (key === 'updated' ? i.updatedAt : i.scheduledAt).getTime();
    const sign = direction === 'asc' ? 1 : -1;
    const { projections, shareLinks, search } = this.joined ?? { projections: new MemoryProjections(), shareLinks: new MemoryShareLinks() };
    const matching = this.live()
      .filter((i) => i.companyUuid === query.companyUuid)
      .filter((i) => query.types.length === 0 || query.types.includes(i.type))
      .filter((i) => query.statuses.length === 0 || query.statuses.includes(i.status))
      .filter((i) => query.q === undefined || this.found(i, query.q, projections, search))
      .sort((a, b) => sign * (at(a) - at(b) || a.uuid.localeCompare(b.uuid)));
    const interviews = matching.slice(query.offset, query.offset + query.limit);
    if (query.q !== undefined && interviews.length === 0) {
      return {
        interviews,
        jobs: new Map(),
        people: new Map(),
        companies: new Map(),
        shareLinks: new Map(),
        total: matching.length,
        version: await this.listVersion(query.companyUuid),
      };
    }
    return {
      interviews,
      jobs: await projections.jobs(interviews.map((i) => i.jobUuid)),
      people: await projections.people(interviews.flatMap((i) => [i.candidateUuid, i.createdBy])),
      companies: await projections.companies(interviews.map((i) => i.companyUuid)),
      shareLinks: await shareLinks.forInterviews(interviews.map((i) => i.uuid)),
      total: interviews.length > 0 ? matching.length : undefined,
      version: interviews.length > 0 ? await this.listVersion(query.companyUuid) : undefined,
    };
  }

  /** A search's match (decision 073): a transcript, or the words in the candidate's name or email or the job's title. */
  private found(i: Interview, q: string, projections: MemoryProjections, search: MemoryTranscriptSearch | undefined): boolean {
    const words = q.toLowerCase();
    const email = projections.state.people.get(i.candidateUuid)?.email ?? '';
    const title = projections.state.jobs.get(i.jobUuid)?.title ?? '';
    return (search?.matches(i.uuid, q) ?? false) || [i.candidateName, email, title].some((field) => field.toLowerCase().includes(words));
  }

  /**
   * The company's list version, as the SQL triggers keep it (migration 0012): it moves whenever anything its
   * interviews show changed (their rows, deleted ones included, their jobs, people, company and share links).
   */
  async listVersion(companyUuid: string): Promise<number> {
    const rows = [...this.state.values()].filter((row) => row.interview.companyUuid === companyUuid);
    const { projections, shareLinks } = this.joined ?? { projections: new MemoryProjections(), shareLinks: new MemoryShareLinks() };
    const shown = JSON.stringify(
      await Promise.all(
        rows.map(async (row) => [
          row,
          [...(await projections.jobs([row.interview.jobUuid])).values()],
          [...(await projections.people([row.interview.candidateUuid, row.interview.createdBy])).values()],
          [...(await projections.companies([companyUuid])).values()],
          shareLinks.state.get(row.interview.uuid) ?? null,
        ]),
      ),
    );
    const last = this.versions.get(companyUuid) ?? { shown: JSON.stringify([]), version: 0 };
    if (last.shown !== shown) this.versions.set(companyUuid, { shown, version: last.version + 1 });
    return this.versions.get(companyUuid)?.version ?? 0;
  }

  async insert(rows: NewInterviewRow[]): Promise<void> {
    for (const { interview, keys } of rows) {
      // As the primary key refuses it (`isUniqueViolation` reads PostgreSQL's 23505).
      if (this.state.has(interview.uuid)) {
        throw Object.assign(new Error('duplicate key value violates unique constraint "interviews_pkey"'), { code: '23505', constraint: 'interviews_pkey' });
      }
      this.state.set(interview.uuid, { interview: { ...interview }, keys, deletedAt: null });
    }
  }

  async update(interview: Interview): Promise<void> {
    const row = this.state.get(interview.uuid);
    // The columns the SQL update writes; the rest (phone, job, candidate) never change by an update.
    if (row) {
      const { status, scheduledAt, completedAt, acceptedAt, rating, ratedBy, ratedAt, accommodations, updatedAt } = interview;
      row.interview = { ...row.interview, status, scheduledAt, completedAt, acceptedAt, rating, ratedBy, ratedAt, accommodations, updatedAt };
    }
  }

  async applyEvaluations(uuid: string, change: EvaluationsChange): Promise<void> {
    const row = this.state.get(uuid);
    if (!row || row.deletedAt !== null || (row.evaluationsClearedAt && row.evaluationsClearedAt > change.occurredAt)) return;
    const stored = row.interview.evaluations;
    const replaces = change.decision !== null && (stored.decision === null || Date.parse(stored.decision.decided_at) <= Date.parse(change.decision.decided_at));
    row.interview = {
      ...row.interview,
      evaluations: {
        decision: replaces ? change.decision : stored.decision,
        submitted: Math.max(stored.submitted, change.counts.evaluations_submitted),
        started: Math.max(stored.started, change.counts.evaluations_started),
      },
    };
  }

  async clearEvaluations(uuid: string, at: Date): Promise<void> {
    const row = this.state.get(uuid);
    if (row) {
      row.interview = { ...row.interview, evaluations: NO_EVALUATIONS };
      row.evaluationsClearedAt = at;
    }
  }

  async allOfCandidate(candidateUuid: string): Promise<(Interview & { deletedAt: Date | null })[]> {
    return [...this.state.values()]
      .filter((row) => row.interview.candidateUuid === candidateUuid)
      .map((row) => ({ ...row.interview, deletedAt: row.deletedAt }));
  }

  async erasePersonalFields(uuid: string, at: Date, erasedName: string): Promise<void> {
    const row = this.state.get(uuid);
    if (row) row.interview = { ...row.interview, phone: null, phoneParsed: null, hasSmsConsent: false, candidateName: erasedName, updatedAt: at };
  }

  async markDeleted(uuid: string, at: Date): Promise<void> {
    const row = this.state.get(uuid);
    if (row) {
      row.deletedAt = at;
      row.interview = { ...row.interview, updatedAt: at };
    }
  }

  async lockOverdue(now: Date, limit: number): Promise<Interview[]> {
    return this.live()
      .filter((i) => OPEN_STATUSES.includes(i.status) && actionableUntil(i.type, i.scheduledAt) <= now)
      .sort((a, b) => a.scheduledAt.getTime() - b.scheduledAt.getTime())
      .slice(0, limit);
  }

  async addAccommodationRequest(request: AccommodationRequest): Promise<void> {
    const row = this.state.get(request.interviewUuid);
    // As the foreign key refuses a request of no interview.
    if (!row) throw new Error('insert or update on table "accommodation_requests" violates foreign key constraint');
    row.accommodationRequests = [...(row.accommodationRequests ?? []), { ...request }];
  }

  async countAccommodationRequestsSince(interviewUuid: string, since: Date): Promise<number> {
    return (this.state.get(interviewUuid)?.accommodationRequests ?? []).filter((r) => r.requestedAt >= since).length;
  }

  async accommodationRequestsOf(interviewUuids: string[]): Promise<Map<string, AccommodationRequest[]>> {
    const byInterview = new Map<string, AccommodationRequest[]>();
    for (const uuid of interviewUuids) {
      const requests = this.state.get(uuid)?.accommodationRequests ?? [];
      if (requests.length > 0)
        byInterview.set(
          uuid,
          [...requests].sort((a, b) => a.requestedAt.getTime() - b.requestedAt.getTime()),
        );
    }
    return byInterview;
  }

  async deleteAccommodationRequests(interviewUuid: string): Promise<void> {
    const row = this.state.get(interviewUuid);
    if (row) row.accommodationRequests = [];
  }
}

export class MemoryCounters implements Stateful<Map<string, number>>, InterviewCounterRepository {
  state = new Map<string, number>();

  /** Counters as the interviews given would have left them; `lists` gives the list versions (`listState`). */
  constructor(
    interviews: Interview[] = [],
    private readonly lists?: Pick<MemoryInterviews, 'listVersion'>,
  ) {
    for (const i of interviews) this.state.set(`${i.companyUuid}|${i.type}|${i.status}`, (this.state.get(`${i.companyUuid}|${i.type}|${i.status}`) ?? 0) + 1);
  }

  async move(companyUuid: string, type: InterviewType, from: InterviewStatus | null, to: InterviewStatus | null, count = 1): Promise<void> {
    if (from === to) return;
    if (from) this.state.set(`${companyUuid}|${type}|${from}`, (this.state.get(`${companyUuid}|${type}|${from}`) ?? 0) - count);
    if (to) this.state.set(`${companyUuid}|${type}|${to}`, (this.state.get(`${companyUuid}|${type}|${to}`) ?? 0) + count);
  }

  async total(companyUuid: string, types: InterviewType[], statuses: InterviewStatus[]): Promise<number> {
    let total = 0;
    for (const [key, count] of this.state) {
      const [company, type, status] = key.split('|');
      if (company !== companyUuid) continue;
      if (types.length > 0 && !types.includes(type as InterviewType)) continue;
      if (statuses.length > 0 && !statuses.includes(status as InterviewStatus)) continue;
      total += count;
    }
    return total;
  }

  async listState(companyUuid: string, types: InterviewType[], statuses: InterviewStatus[]): Promise<InterviewListState> {
    if (!this.lists) throw new Error('MemoryCounters reads list versions from the MemoryInterviews it is given');
    return { version: await this.lists.listVersion(companyUuid), total: await this.total(companyUuid, types, statuses) };
  }
}

export class MemoryQuestions implements Stateful<Map<string, InterviewQuestion>>, QuestionRepository {
  state = new Map<string, InterviewQuestion>();

  constructor(questions: InterviewQuestion[] = []) {
    for (const question of questions) this.state.set(question.uuid, { ...question });
  }

  async listFor(interviewUuids: string[]): Promise<Map<string, InterviewQuestion[]>> {
    const all = [...this.state.values()].sort((a, b) => a.position - b.position);
    return new Map(interviewUuids.map((uuid) => [uuid, all.filter((q) => q.interviewUuid === uuid).map((q) => ({ ...q }))]));
  }

  async find(interviewUuid: string, uuid: string): Promise<InterviewQuestion | undefined> {
    const question = this.state.get(uuid);
    return question?.interviewUuid === interviewUuid ? { ...question } : undefined;
  }

  async nextPosition(interviewUuid: string): Promise<number> {
    return Math.max(-1, ...[...this.state.values()].filter((q) => q.interviewUuid === interviewUuid).map((q) => q.position)) + 1;
  }

  async insert(questions: InterviewQuestion[]): Promise<void> {
    for (const question of questions) this.state.set(question.uuid, { ...question });
  }

  async update(question: InterviewQuestion): Promise<void> {
    if (this.state.has(question.uuid)) this.state.set(question.uuid, { ...question });
  }

  async delete(uuid: string): Promise<void> {
    this.state.delete(uuid);
  }
}

interface ProjectionState {
  jobs: Map<string, JobPostRow>;
  people: Map<string, PersonRow>;
  companies: Map<string, CompanyRow>;
  processed: Set<string>;
  /** When each person was last upserted: an older change is ignored, as the SQL's is. */
  peopleAt: Map<string, Date>;
}

/** Projections as the SQL keeps them: the newest job and person win, whatever order the events come in. */
export class MemoryProjections implements Stateful<ProjectionState>, ProjectionRepository {
  state: ProjectionState = { jobs: new Map(), people: new Map(), companies: new Map(), processed: new Set(), peopleAt: new Map() };

  constructor(seed: { jobs?: JobPostRow[]; people?: PersonRow[]; companies?: CompanyRow[] } = {}) {
    for (const job of seed.jobs ?? []) this.state.jobs.set(job.uuid, job);
    for (const person of seed.people ?? []) this.state.people.set(person.uuid, person);
    for (const company of seed.companies ?? []) this.state.companies.set(company.uuid, company);
  }

  async upsertJob(job: JobPostRow): Promise<void> {
    const stored = this.state.jobs.get(job.uuid);
    if (stored && stored.updated_at > job.updated_at) return;
    this.state.jobs.set(job.uuid, { ...job });
  }

  async refreshPeople(people: PersonRow[], at: Date): Promise<void> {
    for (const person of people) {
      const stored = this.state.people.get(person.uuid);
      if (stored && stored.name === person.name && stored.email === person.email && stored.avatar === person.avatar) continue;
      await this.upsertPerson(person, at);
    }
  }

  /** What the creation's statement writes of the projections (`MemoryCreations`). */
  async refreshForCreation({ company, job, people }: { company: CompanyRow; job: JobPostRow; people: PersonRow[] }, at: Date): Promise<void> {
    await this.upsertCompany(company);
    await this.refreshPeople(people, at);
    await this.upsertJob(job);
  }

  async upsertPerson(person: PersonRow, at: Date): Promise<void> {
    const seen = this.state.peopleAt.get(person.uuid);
    if (seen && seen > at) return;
    this.state.peopleAt.set(person.uuid, at);
    this.state.people.set(person.uuid, { uuid: person.uuid, name: person.name, email: person.email, avatar: person.avatar });
  }

  async upsertCompany(company: CompanyRow): Promise<void> {
    this.state.companies.set(company.uuid, { ...company });
  }

  async jobs(uuids: string[]): Promise<Map<string, JobPostRow>> {
    return pick(this.state.jobs, uuids);
  }

  async people(uuids: string[]): Promise<Map<string, PersonRow>> {
    return pick(this.state.people, uuids);
  }

  async companies(uuids: string[]): Promise<Map<string, CompanyRow>> {
    return pick(this.state.companies, uuids);
  }

  async markProcessed(eventId: string): Promise<boolean> {
    if (this.state.processed.has(eventId)) return false;
    this.state.processed.add(eventId);
    return true;
  }
}

function pick<T>(rows: Map<string, T>, uuids: string[]): Map<string, T> {
  return new Map(uuids.flatMap((uuid): [string, T][] => (rows.has(uuid) ? [[uuid, rows.get(uuid)!]] : [])));
}

/** The stored share links (null: deleted), with their versions. */
export class MemoryShareLinks implements Stateful<Map<string, { link: BasicShareLinkWithoutUrl | null; version: number }>>, ShareLinkProjectionRepository {
  state = new Map<string, { link: BasicShareLinkWithoutUrl | null; version: number }>();

  async apply(interviewUuid: string, link: BasicShareLinkWithoutUrl | null, version: number): Promise<void> {
    if ((this.state.get(interviewUuid)?.version ?? -Infinity) < version) this.state.set(interviewUuid, { link, version });
  }

  async forInterviews(interviewUuids: string[]): Promise<Map<string, BasicShareLinkWithoutUrl>> {
    return new Map(
      interviewUuids.flatMap((uuid): [string, BasicShareLinkWithoutUrl][] => (this.state.get(uuid)?.link ? [[uuid, this.state.get(uuid)!.link!]] : [])),
    );
  }
}

interface TakeState {
  takes: Map<string, Take>;
  /** When each interview was deleted, for ofInterviewsDeletedBefore. */
  deletedInterviews: Map<string, Date>;
}

export class MemoryTakes implements Stateful<TakeState>, TakeRepository {
  state: TakeState = { takes: new Map(), deletedInterviews: new Map() };

  constructor(takes: Take[] = []) {
    for (const take of takes) this.state.takes.set(take.uuid, { ...take });
  }

  all(): Take[] {
    return [...this.state.takes.values()];
  }

  async listFor(questionUuid: string): Promise<Take[]> {
    return this.all()
      .filter((t) => t.questionUuid === questionUuid)
      .sort((a, b) => a.number - b.number);
  }

  async find(questionUuid: string, uuid: string): Promise<Take | undefined> {
    const take = this.state.takes.get(uuid);
    return take?.questionUuid === questionUuid ? take : undefined;
  }

  async deleteFor(interviewUuid: string): Promise<Take[]> {
    const removed = this.all().filter((t) => t.interviewUuid === interviewUuid);
    for (const take of removed) this.state.takes.delete(take.uuid);
    return removed;
  }

  async ofInterviewsDeletedBefore(cutoff: Date, limit: number): Promise<Take[]> {
    const deletedAt = (take: Take) => this.state.deletedInterviews.get(take.interviewUuid);
    return this.all()
      .filter((t) => (deletedAt(t) ?? cutoff) < cutoff)
      .sort((a, b) => deletedAt(a)!.getTime() - deletedAt(b)!.getTime())
      .slice(0, limit);
  }

  async bytesStored(interviewUuid: string): Promise<number> {
    return this.all()
      .filter((t) => t.interviewUuid === interviewUuid)
      .reduce((sum, t) => sum + t.size, 0);
  }

  async supersededBefore(cutoff: Date, limit: number): Promise<Take[]> {
    const superseded = (take: Take) => this.all().some((n) => n.questionUuid === take.questionUuid && n.number > take.number && n.createdAt < cutoff);
    return this.all()
      .filter(superseded)
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
      .slice(0, limit);
  }

  async deleteMany(uuids: string[]): Promise<void> {
    for (const uuid of uuids) this.state.takes.delete(uuid);
  }

  async insert(take: Take): Promise<void> {
    this.state.takes.set(take.uuid, { ...take });
  }

  async listForInterviews(interviewUuids: string[]): Promise<Take[]> {
    return this.all()
      .filter((t) => interviewUuids.includes(t.interviewUuid))
      .sort((a, b) => a.questionUuid.localeCompare(b.questionUuid) || a.number - b.number);
  }

  async findInInterviews(interviewUuids: string[], uuid: string, _options?: { lock?: boolean }): Promise<Take | undefined> {
    const take = this.state.takes.get(uuid);
    return take && interviewUuids.includes(take.interviewUuid) ? take : undefined;
  }
}

interface RecordingState {
  recordings: Map<string, Recording>;
  /** Parts by `<recording uuid>/<number>`. */
  parts: Map<string, RecordingPart>;
  /** When interviews were deleted (the repository joins interviews for it): set by a spec. */
  deletedInterviews: Map<string, Date>;
}

export class MemoryRecordings implements Stateful<RecordingState>, RecordingRepository {
  state: RecordingState = { recordings: new Map(), parts: new Map(), deletedInterviews: new Map() };

  constructor(recordings: Recording[] = []) {
    for (const recording of recordings) this.state.recordings.set(recording.uuid, { ...recording });
  }

  all(): Recording[] {
    return [...this.state.recordings.values()];
  }

  allParts(): RecordingPart[] {
    return [...this.state.parts.values()];
  }

  async insert(recording: Recording): Promise<void> {
    this.state.recordings.set(recording.uuid, { ...recording });
  }

  async find(interviewUuid: string, uuid: string): Promise<Recording | undefined> {
    const recording = this.state.recordings.get(uuid);
    return recording?.interviewUuid === interviewUuid ? { ...recording } : undefined;
  }

  async listFor(interviewUuids: string[], options: { endedOnly?: boolean } = {}): Promise<Recording[]> {
    return this.all()
      .filter((r) => interviewUuids.includes(r.interviewUuid) && (!options.endedOnly || r.state === 'ended'))
      .sort((a, b) => a.startedAt.getTime() - b.startedAt.getTime() || a.uuid.localeCompare(b.uuid));
  }

  async bytesStored(interviewUuid: string): Promise<number> {
    return this.all()
      .filter((r) => r.interviewUuid === interviewUuid)
      .reduce((sum, r) => sum + r.size, 0);
  }

  async findEndedInInterviews(interviewUuids: string[], uuid: string): Promise<Recording | undefined> {
    const recording = this.state.recordings.get(uuid);
    return recording && recording.state === 'ended' && interviewUuids.includes(recording.interviewUuid) ? recording : undefined;
  }

  async update(recording: Recording): Promise<void> {
    if (this.state.recordings.has(recording.uuid)) this.state.recordings.set(recording.uuid, { ...recording });
  }

  async claimUnfinished(now: Date, idleBefore: Date, staleBefore: Date, limit: number): Promise<Recording[]> {
    const claimed = this.all()
      .filter((r) => (r.state === 'recording' && r.lastActivityAt < idleBefore) || (r.state === 'finishing' && r.lastActivityAt < staleBefore))
      .sort((a, b) => a.lastActivityAt.getTime() - b.lastActivityAt.getTime())
      .slice(0, limit)
      .map((r): Recording => ({ ...r, state: 'finishing', endedAt: r.endedAt ?? r.lastActivityAt, lastActivityAt: now }));
    for (const r of claimed) this.state.recordings.set(r.uuid, { ...r });
    return claimed;
  }

  async completeFinishing(recording: Recording, claimedAt: Date): Promise<boolean> {
    const current = this.state.recordings.get(recording.uuid);
    if (current?.state !== 'finishing' || current.lastActivityAt.getTime() !== claimedAt.getTime()) return false;
    this.state.recordings.set(recording.uuid, {
      ...current,
      state: 'ended',
      durationSeconds: recording.durationSeconds,
      size: recording.size,
      storageKey: recording.storageKey,
    });
    return true;
  }

  async delete(uuid: string): Promise<void> {
    this.state.recordings.delete(uuid);
    await this.deleteParts(uuid);
  }

  async insertPart(part: RecordingPart): Promise<void> {
    const key = `${part.recordingUuid}/${part.number}`;
    if (this.state.parts.has(key)) throw new Error(`duplicate key: part ${key}`);
    this.state.parts.set(key, { ...part });
  }

  async partsOf(recordingUuid: string): Promise<RecordingPart[]> {
    return this.allParts()
      .filter((p) => p.recordingUuid === recordingUuid)
      .sort((a, b) => a.number - b.number);
  }

  async deleteParts(recordingUuid: string): Promise<void> {
    for (const part of await this.partsOf(recordingUuid)) this.state.parts.delete(`${recordingUuid}/${part.number}`);
  }

  async deleteFor(interviewUuid: string): Promise<string[]> {
    const keys: string[] = [];
    for (const recording of this.all().filter((r) => r.interviewUuid === interviewUuid)) {
      if (recording.storageKey) keys.push(recording.storageKey);
      keys.push(...(await this.partsOf(recording.uuid)).map((p) => p.storageKey));
      await this.delete(recording.uuid);
    }
    return keys;
  }

  async ofInterviewsDeletedBefore(cutoff: Date, limit: number): Promise<Array<{ uuid: string; keys: string[] }>> {
    const deletedAt = (r: Recording) => this.state.deletedInterviews.get(r.interviewUuid);
    const found = this.all()
      .filter((r) => (deletedAt(r) ?? cutoff) < cutoff)
      .sort((a, b) => deletedAt(a)!.getTime() - deletedAt(b)!.getTime())
      .slice(0, limit);
    return Promise.all(
      found.map(async (r) => ({
        uuid: r.uuid,
        keys: [...(r.storageKey ? [r.storageKey] : []), ...(await this.partsOf(r.uuid)).map((p) => p.storageKey)],
      })),
    );
  }

  async deleteMany(uuids: string[]): Promise<void> {
    for (const uuid of uuids) await this.delete(uuid);
  }
}

interface LiveCallState {
  starts: Map<string, Date>;
  messages: ChatMessage[];
  /** When each interview was deleted (what the SQL reads from `interviews`), set by a spec without MemoryInterviews. */
  deletedInterviews: Map<string, Date>;
}

export class MemoryLiveCalls implements Stateful<LiveCallState>, LiveCallRepository {
  state: LiveCallState = { starts: new Map(), messages: [], deletedInterviews: new Map() };

  constructor(
    messages: ChatMessage[] = [],
    private readonly interviews?: MemoryInterviews,
  ) {
    this.state.messages = messages.map((m) => ({ ...m }));
  }

  private deletedAt(interviewUuid: string): Date | undefined {
    return this.interviews?.stored(interviewUuid)?.deletedAt ?? this.state.deletedInterviews.get(interviewUuid);
  }

  async markStarted(interviewUuid: string, at: Date): Promise<void> {
    if (!this.state.starts.has(interviewUuid)) this.state.starts.set(interviewUuid, at);
  }

  async startedAt(interviewUuid: string): Promise<Date | undefined> {
    return this.state.starts.get(interviewUuid);
  }

  async lastMessageNumber(interviewUuid: string): Promise<number> {
    return Math.max(0, ...this.state.messages.filter((m) => m.interviewUuid === interviewUuid).map((m) => m.number));
  }

  async insertMessage(message: ChatMessage): Promise<void> {
    if (this.state.messages.some((m) => m.uuid === message.uuid || (m.interviewUuid === message.interviewUuid && m.number === message.number)))
      throw Object.assign(new Error(`duplicate key: chat message ${message.interviewUuid}/${message.number}`), { code: '23505' });
    this.state.messages.push({ ...message });
  }

  async messages(interviewUuid: string, page: { offset: number; limit: number }): Promise<{ messages: ChatMessage[]; total: number }> {
    const all = this.state.messages.filter((m) => m.interviewUuid === interviewUuid).sort((a, b) => a.number - b.number);
    return { messages: all.slice(page.offset, page.offset + page.limit).map((m) => ({ ...m })), total: all.length };
  }

  async deleteFor(interviewUuid: string): Promise<void> {
    this.state.messages = this.state.messages.filter((m) => m.interviewUuid !== interviewUuid);
    this.state.starts.delete(interviewUuid);
  }

  async deleteOfInterviewsDeletedBefore(cutoff: Date, limit: number): Promise<number> {
    const kept = new Set([...this.state.starts.keys(), ...this.state.messages.map((m) => m.interviewUuid)]);
    const due = [...kept]
      .map((uuid) => ({ uuid, at: this.deletedAt(uuid) }))
      .filter((call): call is { uuid: string; at: Date } => call.at !== undefined && call.at < cutoff)
      .sort((a, b) => a.at.getTime() - b.at.getTime())
      .slice(0, limit);
    for (const call of due) await this.deleteFor(call.uuid);
    return due.length;
  }
}

interface QuestionSetRow {
  set: QuestionSet;
  deletedAt: Date | null;
}

/** The company's media in memory, summed from the other fakes given as the SQL sums the tables (the store orders writes, so no lock is needed). */
export class MemoryCompanyMedia implements Stateful<null>, CompanyMediaRepository {
  state = null;

  constructor(private readonly of: { interviews: MemoryInterviews; takes: MemoryTakes; recordings: MemoryRecordings }) {}

  async bytesStored(companyUuid: string): Promise<number> {
    const ofCompany = (interviewUuid: string) => this.of.interviews.stored(interviewUuid)?.companyUuid === companyUuid;
    const videos = [...this.of.takes.all(), ...this.of.recordings.all()];
    return videos.filter((v) => ofCompany(v.interviewUuid)).reduce((sum, v) => sum + v.size, 0);
  }
}

/** Each company's transcription: the newest change wins. */
export class MemoryTranscriptionSettings implements Stateful<Map<string, { on: boolean; at: Date }>>, TranscriptionSettingRepository {
  state = new Map<string, { on: boolean; at: Date }>();

  async apply(companyUuid: string, transcription: boolean, at: Date): Promise<void> {
    const stored = this.state.get(companyUuid);
    if (!stored || stored.at <= at) this.state.set(companyUuid, { on: transcription, at });
  }

  async isOn(companyUuid: string): Promise<boolean> {
    return this.state.get(companyUuid)?.on ?? false;
  }
}

interface IndexedTranscript {
  interviewUuid: string;
  config: TextSearchConfig;
  words: string[];
  transcribedAt: Date;
}

/**
 * Transcripts' vectors as words: no stemmer and no stop words, so a spec shared with the SQL searches whole words
 * that every configuration keeps as they are (what stemming finds is the SQL specs'). `matches` reads a query as
 * `websearch_to_tsquery` does its plain forms: words all present, `-word` absent, `or` between alternatives.
 */
export class MemoryTranscriptSearch implements Stateful<Map<string, IndexedTranscript>>, TranscriptSearchRepository {
  state = new Map<string, IndexedTranscript>();

  /** `interviews`: the fake whose deleted interviews the retention sweep reads. */
  constructor(private readonly interviews: () => MemoryInterviews) {}

  async index(t: TranscriptText): Promise<void> {
    const stored = this.state.get(t.sourceUuid);
    if (stored && stored.transcribedAt > t.transcribedAt) return;
    this.state.set(t.sourceUuid, { interviewUuid: t.interviewUuid, config: t.config, words: wordsOf(t.text), transcribedAt: t.transcribedAt });
  }

  async deleteFor(interviewUuid: string): Promise<void> {
    for (const [uuid, t] of this.state) if (t.interviewUuid === interviewUuid) this.state.delete(uuid);
  }

  async deleteOfInterviewsDeletedBefore(cutoff: Date, limit: number): Promise<number> {
    const gone = [...this.state].filter(([, t]) => {
      const deletedAt = this.interviews().stored(t.interviewUuid)?.deletedAt;
      return deletedAt && deletedAt < cutoff;
    });
    for (const [uuid] of gone.slice(0, limit)) this.state.delete(uuid);
    return Math.min(gone.length, limit);
  }

  async deleteOfSources(sourceUuids: string[]): Promise<void> {
    for (const uuid of sourceUuids) this.state.delete(uuid);
  }

  matches(interviewUuid: string, q: string): boolean {
    const texts = [...this.state.values()].filter((t) => t.interviewUuid === interviewUuid).map((t) => new Set(t.words));
    const alternatives = q.toLowerCase().split(/\s+or\s+/);
    return texts.some((words) =>
      alternatives.some((alternative) => {
        const terms = alternative.split(/\s+/).filter((term) => wordsOf(term).length > 0);
        return (
          terms.length > 0 &&
          terms.every((term) => (term.startsWith('-') ? !wordsOf(term).every((w) => words.has(w)) : wordsOf(term).every((w) => words.has(w))))
        );
      }),
    );
  }

  /** Which sources are indexed, for assertions. */
  sources(): string[] {
    return [...this.state.keys()];
  }
}

function wordsOf(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

export class MemoryQuestionSets implements Stateful<Map<string, QuestionSetRow>>, QuestionSetRepository {
  state = new Map<string, QuestionSetRow>();

  constructor(sets: QuestionSet[] = []) {
    for (const set of sets) this.state.set(set.uuid, { set, deletedAt: null });
  }

  /** The set as stored, deleted or not (for assertions). */
  stored(uuid: string): (QuestionSet & { deletedAt: Date | null }) | undefined {
    const row = this.state.get(uuid);
    return row && { ...row.set, deletedAt: row.deletedAt };
  }

  private live(companyUuid: string): QuestionSet[] {
    return [...this.state.values()].filter((row) => row.deletedAt === null && row.set.companyUuid === companyUuid).map((row) => row.set);
  }

  async list(companyUuid: string, page: { offset: number; limit: number }): Promise<{ sets: QuestionSet[]; total: number }> {
    const sets = this.live(companyUuid).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.uuid.localeCompare(b.uuid));
    return { sets: sets.slice(page.offset, page.offset + page.limit), total: sets.length };
  }

  async find(companyUuid: string, uuid: string): Promise<QuestionSet | undefined> {
    return this.live(companyUuid).find((set) => set.uuid === uuid);
  }

  async insert(set: QuestionSet): Promise<void> {
    this.state.set(set.uuid, { set, deletedAt: null });
  }

  async update(set: Pick<QuestionSet, 'uuid' | 'name' | 'updatedAt'>): Promise<void> {
    const row = this.state.get(set.uuid);
    if (row) row.set = { ...row.set, name: set.name, updatedAt: set.updatedAt };
  }

  async replaceQuestions(setUuid: string, _previous: QuestionSetQuestion[], next: QuestionSetQuestion[]): Promise<void> {
    const row = this.state.get(setUuid);
    if (row) row.set = { ...row.set, questions: next };
  }

  async markDeleted(uuid: string, at: Date): Promise<void> {
    const row = this.state.get(uuid);
    if (row) row.deletedAt = at;
  }
}

/** Take videos in memory: what was written, and what is left. */
/** Media storage in memory: `files` holds each key's bytes. */
export { MemoryMediaStorage as MemoryMedia } from '@vi/platform-testing';

/**
 * A video probe that reads the first four bytes as the container (`WEBM`, `MP4 `) and says the video lasts
 * `durationSeconds` (null: no readable timing) and holds `tracks` (a video and an audio track unless told), once its
 * bytes have passed.
 */
export class FakeVideoProbe implements VideoProbe {
  readonly headBytes = 4;
  tracks: VideoTracks | null = { video: true, audio: true };

  constructor(public durationSeconds: number | null = 10) {}

  containerOf(head: Uint8Array): VideoContainer | null {
    const magic = Buffer.from(head.subarray(0, 4)).toString();
    return magic === 'WEBM' ? 'webm' : magic === 'MP4 ' ? 'mp4' : null;
  }

  measure(data: AsyncIterable<Uint8Array>): MeasuredVideo {
    let passed!: () => void;
    const consumed = new Promise<void>((resolve) => (passed = resolve));
    const duration = this.durationSeconds;
    const tracks = this.tracks;
    return {
      data: (async function* () {
        yield* data;
        passed();
      })(),
      duration: consumed.then(() => duration),
      tracks: consumed.then(() => tracks),
    };
  }
}
