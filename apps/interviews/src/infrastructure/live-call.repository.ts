import { sql, type Kysely, type Selectable } from '@vi/platform-postgres';
import type { ChatMessage } from '../domain/chat';
import type { InterviewsDatabase } from './interviews.database';

/** Live calls' starts and chats (decision 039, migration 0016). */
export class LiveCallRepository {
  constructor(private readonly db: Kysely<InterviewsDatabase>) {}

  async markStarted(interviewUuid: string, at: Date): Promise<void> {
    await this.db
      .insertInto('live_calls')
      .values({ interview_uuid: interviewUuid, started_at: at })
      .onConflict((oc) => oc.column('interview_uuid').doNothing())
      .execute();
  }

  async startedAt(interviewUuid: string): Promise<Date | undefined> {
    const row = await this.db.selectFrom('live_calls').select('started_at').where('interview_uuid', '=', interviewUuid).executeTakeFirst();
    return row?.started_at;
  }

  async lastMessageNumber(interviewUuid: string): Promise<number> {
    const row = await this.db
      .selectFrom('chat_messages')
      .select((eb) => eb.fn.coalesce(eb.fn.max('number'), eb.lit(0)).as('last'))
      .where('interview_uuid', '=', interviewUuid)
      .executeTakeFirstOrThrow();
    return Number(row.last);
  }

  async insertMessage(message: ChatMessage): Promise<void> {
    await this.db
      .insertInto('chat_messages')
      .values({
        uuid: message.uuid,
        interview_uuid: message.interviewUuid,
        number: message.number,
        author_uuid: message.authorUuid,
        author_name: message.authorName,
        author_role: message.authorRole,
        text: message.text,
        sent_at: message.sentAt,
      })
      .execute();
  }

  async messages(interviewUuid: string, page: { offset: number; limit: number }): Promise<{ messages: ChatMessage[]; total: number }> {
    // The page and the total in one statement, so both come from one snapshot.
    const rows = await this.db
      .selectFrom('chat_messages')
      .selectAll()
      .select(sql<string>`count(*) over ()`.as('total'))
      .where('interview_uuid', '=', interviewUuid)
      .orderBy('number')
      .offset(page.offset)
      .limit(page.limit)
      .execute();
    if (rows.length > 0) return { messages: rows.map(toMessage), total: Number(rows[0].total) };
    // Past the end (or none): the total alone.
    const count = await this.db
      .selectFrom('chat_messages')
      .select((eb) => eb.fn.countAll<string>().as('total'))
      .where('interview_uuid', '=', interviewUuid)
      .executeTakeFirstOrThrow();
    return { messages: [], total: Number(count.total) };
  }

  async deleteFor(interviewUuid: string): Promise<void> {
    await this.db.deleteFrom('chat_messages').where('interview_uuid', '=', interviewUuid).execute();
    await this.db.deleteFrom('live_calls').where('interview_uuid', '=', interviewUuid).execute();
  }

  async deleteOfInterviewsDeletedBefore(cutoff: Date, limit: number): Promise<number> {
    const interviews = await this.interviewsDeletedBefore(cutoff, limit).execute();
    const uuids = interviews.map((row) => row.interview_uuid);
    if (uuids.length === 0) return 0;
    await this.db.deleteFrom('chat_messages').where('interview_uuid', 'in', uuids).execute();
    await this.db.deleteFrom('live_calls').where('interview_uuid', 'in', uuids).execute();
    return uuids.length;
  }

  /** Interviews deleted before `cutoff` that still have a call kept (its start, or a message). */
  private interviewsDeletedBefore(cutoff: Date, limit: number) {
    return this.db
      .selectFrom('interviews')
      .select('interviews.uuid as interview_uuid')
      .where('interviews.deleted_at', '<', cutoff)
      .where((eb) =>
        eb.or([
          eb.exists(eb.selectFrom('live_calls').select(sql.lit(1).as('one')).whereRef('live_calls.interview_uuid', '=', 'interviews.uuid')),
          eb.exists(eb.selectFrom('chat_messages').select(sql.lit(1).as('one')).whereRef('chat_messages.interview_uuid', '=', 'interviews.uuid')),
        ]),
      )
      .orderBy('interviews.deleted_at')
      .limit(limit);
  }
}

function toMessage(row: Selectable<InterviewsDatabase['chat_messages']>): ChatMessage {
  return {
    uuid: row.uuid,
    interviewUuid: row.interview_uuid,
    number: row.number,
    authorUuid: row.author_uuid,
    authorName: row.author_name,
    authorRole: row.author_role,
    text: row.text,
    sentAt: row.sent_at,
  };
}
