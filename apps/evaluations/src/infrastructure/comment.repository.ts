import type { Kysely, Selectable } from '@vi/platform-postgres';
import type { CommentRepository as CommentPort } from '../application/store';
import type { Comment } from '../domain/comment';
import type { EvaluationsDatabase } from './evaluations.database';

type CommentRow = Selectable<EvaluationsDatabase['comments']>;

/** Comments of interviews, by creation time. */
export class CommentRepository implements CommentPort {
  constructor(private readonly db: Kysely<EvaluationsDatabase>) {}

  async insert(c: Comment): Promise<void> {
    await this.db
      .insertInto('comments')
      .values({
        uuid: c.uuid,
        interview_uuid: c.interviewUuid,
        company_uuid: c.companyUuid,
        author_type: c.author.type,
        author_uuid: c.author.uuid,
        author_name: c.author.name,
        text: c.text,
        take_uuid: c.takeUuid,
        recording_uuid: c.recordingUuid,
        at_ms: c.atMs,
        mentions: JSON.stringify(c.mentions),
        created_at: c.createdAt,
      })
      .execute();
  }

  async listOf(companyUuid: string, interviewUuid: string): Promise<Comment[]> {
    const rows = await this.ofInterview(companyUuid, interviewUuid).orderBy('created_at').orderBy('uuid').execute();
    return rows.map(toComment);
  }

  async find(companyUuid: string, interviewUuid: string, uuid: string): Promise<Comment | undefined> {
    const row = await this.ofInterview(companyUuid, interviewUuid).where('uuid', '=', uuid).executeTakeFirst();
    return row && toComment(row);
  }

  async delete(uuid: string): Promise<void> {
    await this.db.deleteFrom('comments').where('uuid', '=', uuid).execute();
  }

  async deleteOfInterview(interviewUuid: string): Promise<void> {
    await this.db.deleteFrom('comments').where('interview_uuid', '=', interviewUuid).execute();
  }

  private ofInterview(companyUuid: string, interviewUuid: string) {
    return this.db.selectFrom('comments').selectAll().where('company_uuid', '=', companyUuid).where('interview_uuid', '=', interviewUuid);
  }
}

function toComment(row: CommentRow): Comment {
  return {
    uuid: row.uuid,
    interviewUuid: row.interview_uuid,
    companyUuid: row.company_uuid,
    author: { type: row.author_type, uuid: row.author_uuid, name: row.author_name },
    text: row.text,
    takeUuid: row.take_uuid,
    recordingUuid: row.recording_uuid,
    atMs: row.at_ms,
    mentions: row.mentions,
    createdAt: row.created_at,
  };
}
