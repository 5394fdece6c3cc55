import type { Kysely, Selectable } from '@vi/platform-postgres';
import type { QuestionSet, QuestionSetQuestion, ThinkTime } from '../domain/question-set';
import type { InterviewsDatabase } from './interviews.database';

type SetRow = Selectable<InterviewsDatabase['question_sets']>;
type QuestionRow = Selectable<InterviewsDatabase['question_set_questions']>;

export class QuestionSetRepository {
  constructor(private readonly db: Kysely<InterviewsDatabase>) {}

  /**
   * A page of the company's sets, oldest first with the uuid breaking ties (the
   * index of migration 0001), with their questions and the company's total.
   */
  async list(companyUuid: string, page: { offset: number; limit: number }): Promise<{ sets: QuestionSet[]; total: number }> {
    const live = this.db.selectFrom('question_sets').where('company_uuid', '=', companyUuid).where('deleted_at', 'is', null);
    const [rows, count] = await Promise.all([
      live.selectAll().orderBy('created_at').orderBy('uuid').offset(page.offset).limit(page.limit).execute(),
      live.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
    ]);
    const questions = await this.questionsOf(rows.map((r) => r.uuid));
    return { sets: rows.map((row) => toSet(row, questions.get(row.uuid) ?? [])), total: Number(count.total) };
  }

  /** A set of the company that is not deleted; `lock` holds its row until the transaction ends. */
  async find(companyUuid: string, uuid: string, options: { lock?: boolean } = {}): Promise<QuestionSet | undefined> {
    let query = this.db
      .selectFrom('question_sets')
      .selectAll()
      .where('uuid', '=', uuid)
      .where('company_uuid', '=', companyUuid)
      .where('deleted_at', 'is', null);
    if (options.lock) query = query.forUpdate();
    const row = await query.executeTakeFirst();
    if (!row) return undefined;
    return toSet(row, (await this.questionsOf([row.uuid])).get(row.uuid) ?? []);
  }

  async insert(set: QuestionSet): Promise<void> {
    await this.db
      .insertInto('question_sets')
      .values({ uuid: set.uuid, company_uuid: set.companyUuid, name: set.name, created_at: set.createdAt, updated_at: set.updatedAt, deleted_at: null })
      .execute();
    await this.insertQuestions(set.uuid, set.questions);
  }

  /** Name and updated_at; the questions change with replaceQuestions. */
  async update(set: Pick<QuestionSet, 'uuid' | 'name' | 'updatedAt'>): Promise<void> {
    await this.db.updateTable('question_sets').set({ name: set.name, updated_at: set.updatedAt }).where('uuid', '=', set.uuid).execute();
  }

  /**
   * Makes the set's questions exactly `next` (see mergeQuestions): questions of
   * `previous` missing from `next` are removed, the others updated, new ones added.
   */
  async replaceQuestions(setUuid: string, previous: QuestionSetQuestion[], next: QuestionSetQuestion[]): Promise<void> {
    const before = new Set(previous.map((q) => q.uuid));
    const kept = new Set(next.map((q) => q.uuid));
    const removed = previous.filter((q) => !kept.has(q.uuid)).map((q) => q.uuid);
    if (removed.length > 0) await this.db.deleteFrom('question_set_questions').where('question_set_uuid', '=', setUuid).where('uuid', 'in', removed).execute();
    for (const q of next.filter((q) => before.has(q.uuid))) {
      await this.db
        .updateTable('question_set_questions')
        .set({ position: q.position, text: q.text, time_limit: q.timeLimit, takes: q.takes, think_time: q.thinkTime })
        .where('question_set_uuid', '=', setUuid)
        .where('uuid', '=', q.uuid)
        .execute();
    }
    await this.insertQuestions(
      setUuid,
      next.filter((q) => !before.has(q.uuid)),
    );
  }

  /** Soft delete: the set is gone from lists and reads; its rows stay. */
  async markDeleted(uuid: string, at: Date): Promise<void> {
    await this.db.updateTable('question_sets').set({ deleted_at: at, updated_at: at }).where('uuid', '=', uuid).execute();
  }

  private async insertQuestions(setUuid: string, questions: QuestionSetQuestion[]): Promise<void> {
    if (questions.length === 0) return;
    await this.db
      .insertInto('question_set_questions')
      .values(
        questions.map((q) => ({
          uuid: q.uuid,
          question_set_uuid: setUuid,
          position: q.position,
          text: q.text,
          time_limit: q.timeLimit,
          takes: q.takes,
          think_time: q.thinkTime,
        })),
      )
      .execute();
  }

  private async questionsOf(setUuids: string[]): Promise<Map<string, QuestionSetQuestion[]>> {
    const bySet = new Map<string, QuestionSetQuestion[]>(setUuids.map((uuid) => [uuid, []]));
    if (setUuids.length === 0) return bySet;
    const rows = await this.db
      .selectFrom('question_set_questions')
      .selectAll()
      .where('question_set_uuid', 'in', setUuids)
      .orderBy('question_set_uuid')
      .orderBy('position')
      .execute();
    for (const row of rows) bySet.get(row.question_set_uuid)?.push(toQuestion(row));
    return bySet;
  }
}

function toSet(row: SetRow, questions: QuestionSetQuestion[]): QuestionSet {
  return { uuid: row.uuid, companyUuid: row.company_uuid, name: row.name, createdAt: row.created_at, updatedAt: row.updated_at, questions };
}

function toQuestion(row: QuestionRow): QuestionSetQuestion {
  return {
    uuid: row.uuid,
    position: row.position,
    text: row.text,
    timeLimit: row.time_limit,
    takes: row.takes,
    // Written only through the domain's rules.
    thinkTime: row.think_time as ThinkTime,
  };
}
