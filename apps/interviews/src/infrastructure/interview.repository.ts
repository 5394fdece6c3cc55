import { sql, type Kysely, type Selectable } from '@vi/platform-postgres';
import type { Interview } from '../domain/interview';
import type { InterviewStatus, InterviewType } from '../domain/interview-status';
import type { NewInterviewRow, InterviewListQuery } from '../application/store';
import type { InterviewsDatabase } from './interviews.database';
import { LIVE_JOIN_CLOSES_AFTER_MS } from '../domain/live-call';

const SORT_COLUMNS = {
  scheduled: 'scheduled_at',
  completed: 'completed_at',
  updated: 'updated_at',
  candidate: 'candidate_key',
  company: 'company_key',
  job: 'job_key',
} as const;

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
   * A page sorted and filtered in the database; the uuid in the sort's
   * direction makes the order total. One branch per (type, status) pair, each
   * an exact range of a `(company, type, status, key, uuid)` index limited to
   * offset + limit rows, merged in order (migration 0002, bench/README.md).
   */
  async list(query: InterviewListQuery): Promise<Interview[]> {
    const [key, direction] = query.orderBy.split('_') as [keyof typeof SORT_COLUMNS, 'asc' | 'desc'];
    const column = SORT_COLUMNS[key];
    const types: InterviewType[] = query.types.length > 0 ? query.types : ['one_way', 'live'];
    const statuses: InterviewStatus[] = query.statuses.length > 0 ? query.statuses : ['requested', 'accepted', 'completed', 'expired', 'canceled'];
    // Interviews not completed yet sort after the completed ones, whatever the direction.
    const nulls = column === 'completed_at' ? sql.raw(direction === 'asc' ? 'asc nulls last' : 'desc nulls last') : sql.raw(direction);
    const order = sql`${sql.ref(column)} ${nulls}`;
    const branches = types.flatMap((type) =>
      statuses.map((status) =>
        this.db
          .selectFrom('interviews')
          .selectAll()
          .where('company_uuid', '=', query.companyUuid)
          .where('deleted_at', 'is', null)
          .where('type', '=', type)
          .where('status', '=', status)
          .orderBy(order)
          .orderBy('uuid', direction)
          .limit(query.offset + query.limit),
      ),
    );
    const union = sql<Selectable<InterviewsDatabase['interviews']>>`(${sql.join(
      branches.map((branch) => sql`(${branch})`),
      sql` union all `,
    )})`;
    const rows = await this.db
      .selectFrom(union.as('i'))
      .selectAll()
      .orderBy(order)
      .orderBy('uuid', direction)
      .offset(query.offset)
      .limit(query.limit)
      .execute();
    return rows.map(toInterview);
  }

  async insert(rows: NewInterviewRow[]): Promise<void> {
    if (rows.length === 0) return;
    await this.db
      .insertInto('interviews')
      .values(
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
        })),
      )
      .execute();
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
        updated_at: interview.updatedAt,
      })
      .where('uuid', '=', interview.uuid)
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

function toInterview(row: Selectable<InterviewsDatabase['interviews']>): Interview {
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
  };
}
