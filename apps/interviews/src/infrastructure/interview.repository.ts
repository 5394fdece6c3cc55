import type { BasicShareLinkWithoutUrl } from '@vi/contracts';
import { insertRows, prepared, sql, type Kysely, type RawBuilder, type Selectable } from '@vi/platform-postgres';
import type { AccommodationsJson } from '@vi/contracts';
import { NO_ACCOMMODATIONS, type AccommodationRequest, type Accommodations } from '../domain/accommodations';
import type { EvaluationsChange, Interview } from '../domain/interview';
import type { InterviewStatus, InterviewType } from '../domain/interview-status';
import type { NewInterviewRow, InterviewListQuery, InterviewPageRows, JobPostRow } from '../application/store';
import type { InterviewsDatabase } from './interviews.database';
import { LIVE_JOIN_CLOSES_AFTER_MS } from '../domain/join-window';
import { likePatternOf } from '../domain/transcript-search';
import { filterTotalOf, listVersionOf } from './interview-counter.repository';

const SORT_COLUMNS = {
  scheduled: 'scheduled_at',
  completed: 'completed_at',
  updated: 'updated_at',
  candidate: 'candidate_key',
  company: 'company_key',
  job: 'job_key',
} as const;

/** The interviews' columns a page reads, named (a prepared statement's result must not change with the table). */
const INTERVIEW_COLUMNS = sql.raw(
  [
    'uuid',
    'company_uuid',
    'type',
    'status',
    'scheduled_at',
    'completed_at',
    'accepted_at',
    'rating',
    'rated_by',
    'rated_at',
    'timezone',
    'language',
    'email_message',
    'phone',
    'phone_parsed',
    'has_sms_consent',
    'job_uuid',
    'candidate_uuid',
    'candidate_name',
    'created_by',
    'created_at',
    'updated_at',
    'candidate_key',
    'job_key',
    'company_key',
    'decision',
    'evaluations_submitted',
    'evaluations_started',
    'source_type',
    'source_external_id',
    'accommodations',
  ].join(', '),
);

/** What a page joins to its rows: the job post, the candidate and the creator, the company, the basic share link. */
const PAGE_JOINED_COLUMNS =
  sql.raw(`j.company_uuid as job_company_uuid, j.title as job_title, j.status as job_status, j.created_at as job_created_at, j.updated_at as job_updated_at,
  j.status_updated_at as job_status_updated_at, j.created_by as job_created_by, j.location as job_location, j.video as job_video,
  c.name as candidate_person_name, c.email as candidate_person_email, c.avatar as candidate_person_avatar,
  cb.name as creator_name, cb.email as creator_email, cb.avatar as creator_avatar,
  co.name as company_name, co.avatar as company_avatar,
  s.link as share_link`);
const PAGE_JOINS = sql.raw(`left join job_posts j on j.uuid = i.job_uuid
left join people c on c.uuid = i.candidate_uuid
left join people cb on cb.uuid = i.created_by
left join companies co on co.uuid = i.company_uuid
left join share_links s on s.interview_uuid = i.uuid and s.link is not null`);

type InterviewColumns = Omit<Selectable<InterviewsDatabase['interviews']>, 'deleted_at' | 'evaluations_cleared_at'>;

/** A row of a page: the interview, its job post, people, company and share link (null when not projected), and the total. */
interface PageRow extends InterviewColumns {
  job_company_uuid: string | null;
  job_title: string | null;
  job_status: string | null;
  job_created_at: Date | null;
  job_updated_at: Date | null;
  job_status_updated_at: Date | null;
  job_created_by: JobPostRow['created_by'];
  job_location: JobPostRow['location'];
  job_video: JobPostRow['video'];
  candidate_person_name: string | null;
  candidate_person_email: string | null;
  candidate_person_avatar: string | null;
  creator_name: string | null;
  creator_email: string | null;
  creator_avatar: string | null;
  company_name: string | null;
  company_avatar: string | null;
  share_link: BasicShareLinkWithoutUrl | null;
  total: number;
  version: number;
}

export class InterviewRepository {
  constructor(private readonly db: Kysely<InterviewsDatabase>) {}

  async find(companyUuid: string, uuid: string, options: { lock?: boolean } = {}): Promise<Interview | undefined> {
    return this.findLive(uuid, 'company_uuid', companyUuid, options);
  }

  /** A live interview of any company: for customer support only. */
  async findForSupport(uuid: string, options: { lock?: boolean } = {}): Promise<Interview | undefined> {
    let query = this.db.selectFrom('interviews').selectAll().where('uuid', '=', uuid).where('deleted_at', 'is', null);
    if (options.lock) query = query.forUpdate();
    const row = await query.executeTakeFirst();
    return row && toInterview(row);
  }

  /** Live interviews of any company among these uuids: one prepared statement whatever their number (decision 051). */
  async findManyForSupport(uuids: string[]): Promise<Interview[]> {
    if (uuids.length === 0) return [];
    const { rows } = await prepared(
      sql<InterviewColumns>`select ${INTERVIEW_COLUMNS} from interviews where uuid = any(${uuids}::uuid[]) and deleted_at is null`,
    ).execute(this.db);
    return rows.map(toInterview);
  }

  /** The company's live interviews among these uuids (the sharing service's reads). */
  async findMany(companyUuid: string, uuids: string[]): Promise<Interview[]> {
    if (uuids.length === 0) return [];
    const rows = await this.db
      .selectFrom('interviews')
      .selectAll()
      .where('company_uuid', '=', companyUuid)
      .where('uuid', 'in', uuids)
      .where('deleted_at', 'is', null)
      .execute();
    return rows.map(toInterview);
  }

  /** A live interview by uuid, if `owner` (its company or its job seeker) matches. */
  private async findLive(uuid: string, owner: 'company_uuid' | 'candidate_uuid', value: string, options: { lock?: boolean }): Promise<Interview | undefined> {
    let query = this.db.selectFrom('interviews').selectAll().where('uuid', '=', uuid).where(owner, '=', value).where('deleted_at', 'is', null);
    if (options.lock) query = query.forUpdate();
    const row = await query.executeTakeFirst();
    return row && toInterview(row);
  }

  /** An interview by uuid if it is assigned to this job seeker (the candidate side's only way in). */
  async findAssigned(uuid: string, candidateUuid: string, options: { lock?: boolean } = {}): Promise<Interview | undefined> {
    return this.findLive(uuid, 'candidate_uuid', candidateUuid, options);
  }

  /**
   * A page and everything that renders it in one prepared statement (decision 048): one branch per (type, status)
   * pair, each an exact range of a `(company, type, status, key, uuid)` index limited to offset + limit rows, merged
   * in order (migration 0002, bench/README.md); the page's job posts, people, company and share links joined to its
   * rows; the filter's total from the counters (kept in the same transactions as the interviews) in the same
   * snapshot, and a page past that total scans nothing. Types, statuses and the order are written into the text (fixed vocabulary: one statement per shape);
   * the company and the range are parameters.
   */
  async page(query: InterviewListQuery): Promise<InterviewPageRows> {
    const [key, direction] = query.orderBy.split('_') as [keyof typeof SORT_COLUMNS, 'asc' | 'desc'];
    const column = sql.raw(SORT_COLUMNS[key]);
    const types: InterviewType[] = query.types.length > 0 ? query.types : ['one_way', 'live'];
    const statuses: InterviewStatus[] = query.statuses.length > 0 ? query.statuses : ['requested', 'accepted', 'completed', 'expired', 'canceled'];
    // Interviews not completed yet sort after the completed ones, whatever the direction.
    const nulls = sql.raw(SORT_COLUMNS[key] === 'completed_at' ? `${direction} nulls last` : direction);
    const dir = sql.raw(direction);
    const branches = types.flatMap((type) =>
      statuses.map(
        (status) =>
          sql`(select ${INTERVIEW_COLUMNS} from interviews where company_uuid = ${query.companyUuid} and deleted_at is null and type = ${sql.lit(type)} and status = ${sql.lit(status)} order by ${column} ${nulls}, uuid ${dir} limit ${query.offset + query.limit})`,
      ),
    );
    const rows =
      query.q === undefined ? await this.listedRows(query, branches, column, nulls, dir) : await this.searchedRows(query, types, statuses, column, nulls, dir);
    const page: InterviewPageRows = {
      interviews: [],
      jobs: new Map(),
      people: new Map(),
      companies: new Map(),
      shareLinks: new Map(),
      total: undefined,
      version: undefined,
    };
    for (const row of rows) {
      page.total = row.total;
      page.version = row.version;
      // A search's empty page: one row with its total only.
      if (row.uuid === null) continue;
      page.interviews.push(toInterview(row));
      if (row.job_title !== null) {
        page.jobs.set(row.job_uuid, {
          uuid: row.job_uuid,
          company_uuid: row.job_company_uuid!,
          title: row.job_title,
          status: row.job_status!,
          created_at: row.job_created_at!,
          updated_at: row.job_updated_at!,
          status_updated_at: row.job_status_updated_at!,
          created_by: row.job_created_by,
          location: row.job_location,
          video: row.job_video,
        });
      }
      if (row.candidate_person_name !== null) {
        page.people.set(row.candidate_uuid, {
          uuid: row.candidate_uuid,
          name: row.candidate_person_name,
          email: row.candidate_person_email!,
          avatar: row.candidate_person_avatar!,
        });
      }
      if (row.creator_name !== null)
        page.people.set(row.created_by, { uuid: row.created_by, name: row.creator_name, email: row.creator_email!, avatar: row.creator_avatar! });
      if (row.company_name !== null) page.companies.set(row.company_uuid, { uuid: row.company_uuid, name: row.company_name, avatar: row.company_avatar! });
      if (row.share_link !== null) page.shareLinks.set(row.uuid, row.share_link);
    }
    return page;
  }

  /** The page without a search: the merged index ranges, the counters' total (decision 064, rule 6). */
  private async listedRows(
    query: InterviewListQuery,
    branches: RawBuilder<unknown>[],
    column: RawBuilder<unknown>,
    nulls: RawBuilder<unknown>,
    dir: RawBuilder<unknown>,
  ) {
    // Evaluated once per statement (no reference to a row); as the page's condition, it is checked before any branch
    // is scanned, so a page past the end reads no interview, as when the counters were read first.
    const total = filterTotalOf(query.companyUuid, query.types, query.statuses);
    const { rows } = await prepared(
      sql<PageRow>`select i.*, ${PAGE_JOINED_COLUMNS},
  ${total} as total, ${listVersionOf(query.companyUuid)} as version
from (select * from (${sql.join(branches, sql` union all `)}) u where ${query.offset} < ${total} order by ${column} ${nulls}, uuid ${dir} offset ${query.offset} limit ${query.limit}) i
${PAGE_JOINS}
order by i.${column} ${nulls}, i.uuid ${dir}`,
    ).execute(this.db);
    return rows;
  }

  /**
   * The page of a search (decision 073), still one statement: the company's interviews of the filter that match —
   * a done transcript's vector against `websearch_to_tsquery` in its own configuration, or the words as a
   * case-insensitive substring of the candidate's name or email or the job's title — counted, and the page of them
   * in the list's order. No counter holds a search's total: it is the count of the matches, and an empty page still
   * gives it (one row of nulls carrying the total).
   */
  private async searchedRows(
    query: InterviewListQuery,
    types: InterviewType[],
    statuses: InterviewStatus[],
    column: RawBuilder<unknown>,
    nulls: RawBuilder<unknown>,
    dir: RawBuilder<unknown>,
  ) {
    const q = query.q ?? '';
    const pattern = likePatternOf(q);
    const { rows } = await prepared(
      sql<PageRow>`with matched as (
  select ${INTERVIEW_COLUMNS} from interviews m
  where m.company_uuid = ${query.companyUuid} and m.deleted_at is null
    and m.type in (${sql.join(types.map((t) => sql.lit(t)))}) and m.status in (${sql.join(statuses.map((t) => sql.lit(t)))})
    and (exists (select 1 from transcript_search s where s.interview_uuid = m.uuid and s.vector @@ websearch_to_tsquery(s.config::regconfig, ${q}))
      or m.candidate_name ilike ${pattern}
      or exists (select 1 from people p where p.uuid = m.candidate_uuid and p.email ilike ${pattern})
      or exists (select 1 from job_posts jt where jt.uuid = m.job_uuid and jt.title ilike ${pattern}))
), counted as (select count(*)::int as total from matched)
select i.*, ${PAGE_JOINED_COLUMNS},
  counted.total as total, ${listVersionOf(query.companyUuid)} as version
from counted left join lateral (select * from matched order by ${column} ${nulls}, uuid ${dir} offset ${query.offset} limit ${query.limit}) i on true
${PAGE_JOINS}
order by i.${column} ${nulls}, i.uuid ${dir}`,
    ).execute(this.db);
    return rows;
  }

  async insert(rows: NewInterviewRow[]): Promise<void> {
    if (rows.length === 0) return;
    await interviewInsert(rows).execute(this.db);
  }

  async update(interview: Interview): Promise<void> {
    await this.db
      .updateTable('interviews')
      .set({
        status: interview.status,
        scheduled_at: interview.scheduledAt,
        completed_at: interview.completedAt,
        accepted_at: interview.acceptedAt,
        rating: interview.rating === null ? null : String(interview.rating),
        rated_by: interview.ratedBy,
        rated_at: interview.ratedAt,
        accommodations: accommodationsRow(interview.accommodations),
        updated_at: interview.updatedAt,
      })
      .where('uuid', '=', interview.uuid)
      .execute();
  }

  /** A candidate's request for an accommodation (issue 42). */
  async addAccommodationRequest(request: AccommodationRequest): Promise<void> {
    await this.db
      .insertInto('accommodation_requests')
      .values({ uuid: request.uuid, interview_uuid: request.interviewUuid, message: request.message, requested_at: request.requestedAt })
      .execute();
  }

  /** How many requests an interview has had since `since` (the start of a UTC day): counted under its row lock. */
  async countAccommodationRequestsSince(interviewUuid: string, since: Date): Promise<number> {
    const row = await this.db
      .selectFrom('accommodation_requests')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('interview_uuid', '=', interviewUuid)
      .where('requested_at', '>=', since)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /** The requests of these interviews, oldest first, by interview uuid. */
  async accommodationRequestsOf(interviewUuids: string[]): Promise<Map<string, AccommodationRequest[]>> {
    const byInterview = new Map<string, AccommodationRequest[]>();
    if (interviewUuids.length === 0) return byInterview;
    const rows = await this.db
      .selectFrom('accommodation_requests')
      .selectAll()
      .where('interview_uuid', 'in', interviewUuids)
      .orderBy('requested_at')
      .orderBy('uuid')
      .execute();
    for (const row of rows) {
      const list = byInterview.get(row.interview_uuid) ?? [];
      list.push({ uuid: row.uuid, interviewUuid: row.interview_uuid, message: row.message, requestedAt: row.requested_at });
      byInterview.set(row.interview_uuid, list);
    }
    return byInterview;
  }

  /** Forgets an interview's requests: what its job seeker wrote goes with them (erasure, decision 019). */
  async deleteAccommodationRequests(interviewUuid: string): Promise<void> {
    await this.db.deleteFrom('accommodation_requests').where('interview_uuid', '=', interviewUuid).execute();
  }

  /**
   * The evaluations service's change (decision 070), in one statement that writes only what moves: each count raised
   * to the event's, never lowered (events come in any order, and counts only grow while the interview exists); the
   * decision replaced by one not older (`decided_at`). Nothing for a deleted interview, nor for a change published
   * before the interview's last reset. A write that changes nothing is skipped, so the list version does not move.
   */
  async applyEvaluations(uuid: string, change: EvaluationsChange): Promise<void> {
    const decision = change.decision === null ? null : JSON.stringify(change.decision);
    // The stored decision is replaced when there is none or it is not newer than the event's.
    const replaces = sql<boolean>`(${decision}::jsonb is not null and (decision is null or (decision->>'decided_at')::timestamptz <= (${decision}::jsonb->>'decided_at')::timestamptz))`;
    const { submitted, started } = { submitted: change.counts.evaluations_submitted, started: change.counts.evaluations_started };
    await prepared(
      sql`update interviews set
  evaluations_submitted = greatest(evaluations_submitted, ${submitted}::int),
  evaluations_started = greatest(evaluations_started, ${started}::int),
  decision = case when ${replaces} then ${decision}::jsonb else decision end
where uuid = ${uuid} and deleted_at is null
  and (evaluations_cleared_at is null or evaluations_cleared_at <= ${change.occurredAt}::timestamptz)
  and (evaluations_submitted < ${submitted}::int or evaluations_started < ${started}::int or (${replaces} and decision is distinct from ${decision}::jsonb))`,
    ).execute(this.db);
  }

  /** Forgets the team's verdict (a reset: the answers it judged are gone); changes published before `at` are ignored from now on. */
  async clearEvaluations(uuid: string, at: Date): Promise<void> {
    await this.db
      .updateTable('interviews')
      .set({ decision: null, evaluations_submitted: 0, evaluations_started: 0, evaluations_cleared_at: at })
      .where('uuid', '=', uuid)
      .execute();
  }

  /** Every interview of a job seeker, deleted ones included, locked (erasure, decision 019). */
  async allOfCandidate(candidateUuid: string): Promise<(Interview & { deletedAt: Date | null })[]> {
    const rows = await this.db.selectFrom('interviews').selectAll().where('candidate_uuid', '=', candidateUuid).orderBy('created_at').forUpdate().execute();
    return rows.map((row) => ({ ...toInterview(row), deletedAt: row.deleted_at }));
  }

  /** Forgets what the job seeker gave with an interview (the phone number and the SMS consent) and the name the company gave them. */
  async erasePersonalFields(uuid: string, at: Date, erasedName: string): Promise<void> {
    await this.db
      .updateTable('interviews')
      .set({ phone: null, phone_parsed: null, has_sms_consent: false, candidate_name: erasedName, candidate_key: erasedName.toLowerCase(), updated_at: at })
      .where('uuid', '=', uuid)
      .execute();
  }

  async markDeleted(uuid: string, at: Date): Promise<void> {
    await this.db.updateTable('interviews').set({ deleted_at: at, updated_at: at }).where('uuid', '=', uuid).execute();
  }

  /**
   * Open interviews whose due time has passed, locked so that each is taken by
   * one replica only (`SKIP LOCKED`: the others move on to other rows).
   */
  async lockOverdue(now: Date, limit: number): Promise<Interview[]> {
    const rows = await this.db
      .selectFrom('interviews')
      .selectAll()
      .where('status', 'in', ['requested', 'accepted'])
      .where('deleted_at', 'is', null)
      // A live interview expires when its join window closes, not at its start (domain/live-call.ts).
      .where((eb) =>
        eb.or([
          eb.and([eb('type', '=', 'one_way'), eb('scheduled_at', '<=', now)]),
          eb.and([eb('type', '=', 'live'), eb('scheduled_at', '<=', new Date(now.getTime() - LIVE_JOIN_CLOSES_AFTER_MS))]),
        ]),
      )
      .orderBy('scheduled_at')
      .limit(limit)
      .forUpdate()
      .skipLocked()
      .execute();
    return rows.map(toInterview);
  }
}

function toInterview(row: InterviewColumns): Interview {
  return {
    uuid: row.uuid,
    companyUuid: row.company_uuid,
    type: row.type,
    status: row.status,
    scheduledAt: row.scheduled_at,
    completedAt: row.completed_at,
    acceptedAt: row.accepted_at,
    rating: row.rating === null ? null : Number(row.rating),
    ratedBy: row.rated_by,
    ratedAt: row.rated_at,
    timezone: row.timezone,
    language: row.language,
    emailMessage: row.email_message,
    phone: row.phone,
    phoneParsed: row.phone_parsed,
    hasSmsConsent: row.has_sms_consent,
    jobUuid: row.job_uuid,
    candidateUuid: row.candidate_uuid,
    candidateName: row.candidate_name,
    createdBy: row.created_by,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    evaluations: { decision: row.decision, submitted: row.evaluations_submitted, started: row.evaluations_started },
    source: { type: row.source_type, externalId: row.source_external_id },
    accommodations: accommodationsOfRow(row.accommodations),
  };
}

function accommodationsOfRow(json: AccommodationsJson | null): Accommodations {
  if (json === null) return NO_ACCOMMODATIONS;
  return { timeMultiplier: Number(json.time_multiplier), unlimitedTime: json.unlimited_time, extraTakes: json.extra_takes, audioOnly: json.audio_only };
}

/** None are stored as null, so an interview without any reads as it did before the column; jsonb travels as its text. */
function accommodationsRow(a: Accommodations): AccommodationsJson | null {
  if (a.timeMultiplier === 1 && !a.unlimitedTime && a.extraTakes === 0 && !a.audioOnly) return null;
  const json: AccommodationsJson = { time_multiplier: a.timeMultiplier, unlimited_time: a.unlimitedTime, extra_takes: a.extraTakes, audio_only: a.audioOnly };
  return JSON.stringify(json) as never;
}

/** The insert of new interviews (at least one), on its own or as a part of a creation's statement. */
export function interviewInsert(rows: NewInterviewRow[]) {
  return insertRows<InterviewsDatabase, 'interviews'>(
    'interviews',
    rows.map(({ interview, keys }) => ({
      uuid: interview.uuid,
      company_uuid: interview.companyUuid,
      type: interview.type,
      status: interview.status,
      scheduled_at: interview.scheduledAt,
      completed_at: interview.completedAt,
      accepted_at: interview.acceptedAt,
      rating: interview.rating === null ? null : String(interview.rating),
      rated_by: interview.ratedBy,
      rated_at: interview.ratedAt,
      timezone: interview.timezone,
      language: interview.language,
      email_message: interview.emailMessage,
      phone: interview.phone,
      phone_parsed: interview.phoneParsed,
      has_sms_consent: interview.hasSmsConsent,
      job_uuid: interview.jobUuid,
      candidate_uuid: interview.candidateUuid,
      candidate_name: interview.candidateName,
      created_by: interview.createdBy,
      created_at: interview.createdAt,
      updated_at: interview.updatedAt,
      candidate_key: keys.candidateKey,
      job_key: keys.jobKey,
      company_key: keys.companyKey,
      source_type: interview.source.type,
      source_external_id: interview.source.externalId,
      accommodations: accommodationsRow(interview.accommodations),
    })),
  );
}
