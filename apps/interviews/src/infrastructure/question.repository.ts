import { insertRows, type Kysely, type Selectable } from '@vi/platform-postgres';
import type { InterviewQuestion, ThinkTime } from '../domain/interview';
import type { InterviewsDatabase } from './interviews.database';

export class QuestionRepository {
  constructor(private readonly db: Kysely<InterviewsDatabase>) {}

  async listFor(interviewUuids: string[]): Promise<Map<string, InterviewQuestion[]>> {
    const byInterview = new Map<string, InterviewQuestion[]>(interviewUuids.map((uuid) => [uuid, []]));
    if (interviewUuids.length === 0) return byInterview;
    const rows = await this.db
      .selectFrom('interview_questions')
      .selectAll()
      .where('interview_uuid', 'in', interviewUuids)
      .orderBy('position')
      .orderBy('created_at')
      .execute();
    for (const row of rows) byInterview.get(row.interview_uuid)?.push(toQuestion(row));
    return byInterview;
  }

  async find(interviewUuid: string, uuid: string): Promise<InterviewQuestion | undefined> {
    const row = await this.db
      .selectFrom('interview_questions')
      .selectAll()
      .where('interview_uuid', '=', interviewUuid)
      .where('uuid', '=', uuid)
      .executeTakeFirst();
    return row && toQuestion(row);
  }

  async nextPosition(interviewUuid: string): Promise<number> {
    const row = await this.db
      .selectFrom('interview_questions')
      .select((eb) => eb.fn.max('position').as('max'))
      .where('interview_uuid', '=', interviewUuid)
      .executeTakeFirst();
    return (row?.max ?? -1) + 1;
  }

  async insert(questions: InterviewQuestion[]): Promise<void> {
    if (questions.length === 0) return;
    await questionInsert(questions).execute(this.db);
  }

  async update(question: InterviewQuestion): Promise<void> {
    await this.db
      .updateTable('interview_questions')
      .set({
        text: question.text,
        time_limit: question.timeLimit,
        takes_limit: question.takesLimit,
        think_time: question.thinkTime,
        takes_completed: question.takesCompleted,
        completed: question.completed,
        skipped: question.skipped,
        started_at: question.startedAt,
        updated_at: question.updatedAt,
      })
      .where('uuid', '=', question.uuid)
      .execute();
  }

  async delete(uuid: string): Promise<void> {
    await this.db.deleteFrom('interview_questions').where('uuid', '=', uuid).execute();
  }
}

function toQuestion(row: Selectable<InterviewsDatabase['interview_questions']>): InterviewQuestion {
  return {
    uuid: row.uuid,
    interviewUuid: row.interview_uuid,
    position: row.position,
    text: row.text,
    timeLimit: row.time_limit,
    takesLimit: row.takes_limit,
    thinkTime: row.think_time as ThinkTime,
    takesCompleted: row.takes_completed,
    completed: row.completed,
    skipped: row.skipped,
    startedAt: row.started_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** The insert of new questions (at least one), on its own or as a part of a creation's statement. */
export function questionInsert(questions: InterviewQuestion[]) {
  return insertRows<InterviewsDatabase, 'interview_questions'>(
    'interview_questions',
    questions.map((q) => ({
      uuid: q.uuid,
      interview_uuid: q.interviewUuid,
      position: q.position,
      text: q.text,
      time_limit: q.timeLimit,
      takes_limit: q.takesLimit,
      think_time: q.thinkTime,
      takes_completed: q.takesCompleted,
      completed: q.completed,
      skipped: q.skipped,
      started_at: q.startedAt,
      created_at: q.createdAt,
      updated_at: q.updatedAt,
    })),
  );
}
