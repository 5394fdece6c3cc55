import type { Kysely, Selectable } from '@vi/platform-postgres';
import type { Take } from '../domain/take';
import type { InterviewsDatabase } from './interviews.database';

export class TakeRepository {
  constructor(private readonly db: Kysely<InterviewsDatabase>) {}

  async listFor(questionUuid: string): Promise<Take[]> {
    const rows = await this.db.selectFrom('takes').selectAll().where('question_uuid', '=', questionUuid).orderBy('number').execute();
    return rows.map(toTake);
  }

  async find(questionUuid: string, uuid: string): Promise<Take | undefined> {
    const row = await this.db.selectFrom('takes').selectAll().where('question_uuid', '=', questionUuid).where('uuid', '=', uuid).executeTakeFirst();
    return row && toTake(row);
  }

  /** Deletes every take of an interview; returns them so their videos can be removed after the commit. */
  async deleteFor(interviewUuid: string): Promise<Take[]> {
    const rows = await this.db.deleteFrom('takes').where('interview_uuid', '=', interviewUuid).returningAll().execute();
    return rows.map(toTake);
  }

  /** Takes of interviews deleted before `cutoff`, oldest deletion first (the retention sweep, decision 019). */
  async ofInterviewsDeletedBefore(cutoff: Date, limit: number): Promise<Take[]> {
    const rows = await this.db
      .selectFrom('takes')
      .innerJoin('interviews', 'interviews.uuid', 'takes.interview_uuid')
      .selectAll('takes')
      .where('interviews.deleted_at', '<', cutoff)
      .orderBy('interviews.deleted_at')
      .limit(limit)
      .execute();
    return rows.map(toTake);
  }

  /** Bytes of video kept for an interview: what MAX_INTERVIEW_MEDIA_BYTES bounds (decision 037). */
  async bytesStored(interviewUuid: string): Promise<number> {
    const row = await this.db
      .selectFrom('takes')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<string | number>('size'), eb.lit(0)).as('bytes'))
      .where('interview_uuid', '=', interviewUuid)
      .executeTakeFirstOrThrow();
    return Number(row.bytes);
  }

  /**
   * Takes superseded before `cutoff`: a newer take of the same question was made before it, so each question keeps
   * its latest take, and an older one for the grace after its successor (decision 037). Oldest first.
   */
  async supersededBefore(cutoff: Date, limit: number): Promise<Take[]> {
    const rows = await this.db
      .selectFrom('takes as t')
      .selectAll('t')
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom('takes as n')
            .select('n.uuid')
            .whereRef('n.question_uuid', '=', 't.question_uuid')
            .whereRef('n.number', '>', 't.number')
            .where('n.created_at', '<', cutoff),
        ),
      )
      .orderBy('t.created_at')
      .limit(limit)
      .execute();
    return rows.map(toTake);
  }

  async deleteMany(uuids: string[]): Promise<void> {
    if (uuids.length > 0) await this.db.deleteFrom('takes').where('uuid', 'in', uuids).execute();
  }

  async insert(take: Take): Promise<void> {
    await this.db
      .insertInto('takes')
      .values({
        uuid: take.uuid,
        interview_uuid: take.interviewUuid,
        question_uuid: take.questionUuid,
        number: take.number,
        content_type: take.contentType,
        size: take.size,
        duration_seconds: String(take.durationSeconds),
        storage_key: take.storageKey,
        created_at: take.createdAt,
      })
      .execute();
  }

  /** Every take of these interviews, by question then number (the sharing service's views). */
  async listForInterviews(interviewUuids: string[]): Promise<Take[]> {
    if (interviewUuids.length === 0) return [];
    const rows = await this.db
      .selectFrom('takes')
      .selectAll()
      .where('interview_uuid', 'in', interviewUuids)
      .orderBy('question_uuid')
      .orderBy('number')
      .execute();
    return rows.map(toTake);
  }

  /** A take by uuid if it belongs to one of these interviews. */
  async findInInterviews(interviewUuids: string[], uuid: string, options: { lock?: boolean } = {}): Promise<Take | undefined> {
    if (interviewUuids.length === 0) return undefined;
    const query = this.db.selectFrom('takes').selectAll().where('uuid', '=', uuid).where('interview_uuid', 'in', interviewUuids);
    const row = await (options.lock ? query.forKeyShare() : query).executeTakeFirst();
    return row && toTake(row);
  }
}

function toTake(row: Selectable<InterviewsDatabase['takes']>): Take {
  return {
    uuid: row.uuid,
    interviewUuid: row.interview_uuid,
    questionUuid: row.question_uuid,
    number: row.number,
    contentType: row.content_type,
    size: row.size,
    durationSeconds: Number(row.duration_seconds),
    storageKey: row.storage_key,
    createdAt: row.created_at,
  };
}
