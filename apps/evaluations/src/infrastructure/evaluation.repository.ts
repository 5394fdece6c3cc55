import type { EvaluationCounts } from '@vi/contracts';
import { sql, type Kysely, type Selectable } from '@vi/platform-postgres';
import type { EvaluationRepository as EvaluationPort } from '../application/store';
import type { Evaluation } from '../domain/evaluation';
import type { Evaluator } from '../domain/evaluator';
import type { EvaluationsDatabase } from './evaluations.database';

type EvaluationRow = Selectable<EvaluationsDatabase['evaluations']>;

/** Evaluations: one per interview and evaluator (`evaluations_one_per_evaluator`). */
export class EvaluationRepository implements EvaluationPort {
  constructor(private readonly db: Kysely<EvaluationsDatabase>) {}

  async listOf(companyUuid: string, interviewUuid: string): Promise<Evaluation[]> {
    const rows = await this.db
      .selectFrom('evaluations')
      .selectAll()
      .where('company_uuid', '=', companyUuid)
      .where('interview_uuid', '=', interviewUuid)
      .orderBy('created_at')
      .orderBy('uuid')
      .execute();
    return rows.map(toEvaluation);
  }

  async find(
    companyUuid: string,
    interviewUuid: string,
    evaluator: Pick<Evaluator, 'type' | 'uuid'>,
    options: { lock?: boolean } = {},
  ): Promise<Evaluation | undefined> {
    let query = this.db
      .selectFrom('evaluations')
      .selectAll()
      .where('company_uuid', '=', companyUuid)
      .where('interview_uuid', '=', interviewUuid)
      .where('evaluator_type', '=', evaluator.type)
      .where('evaluator_uuid', '=', evaluator.uuid);
    if (options.lock) query = query.forUpdate();
    const row = await query.executeTakeFirst();
    return row && toEvaluation(row);
  }

  async insertIfAbsent(e: Evaluation): Promise<boolean> {
    const made = await this.db
      .insertInto('evaluations')
      .values({
        ...toRow(e),
        uuid: e.uuid,
        interview_uuid: e.interviewUuid,
        company_uuid: e.companyUuid,
        evaluator_type: e.evaluator.type,
        evaluator_uuid: e.evaluator.uuid,
        created_at: e.createdAt,
      })
      .onConflict((oc) => oc.columns(['interview_uuid', 'evaluator_type', 'evaluator_uuid']).doNothing())
      .returning('uuid')
      .execute();
    return made.length > 0;
  }

  async update(e: Evaluation): Promise<void> {
    await this.db.updateTable('evaluations').set(toRow(e)).where('uuid', '=', e.uuid).execute();
  }

  async counts(interviewUuid: string): Promise<EvaluationCounts> {
    const row = await this.db
      .selectFrom('evaluations')
      .select([sql<string>`count(*) filter (where status = 'submitted')`.as('submitted'), sql<string>`count(*)`.as('started')])
      .where('interview_uuid', '=', interviewUuid)
      .executeTakeFirstOrThrow();
    return { evaluations_submitted: Number(row.submitted), evaluations_started: Number(row.started) };
  }

  async deleteOfInterview(interviewUuid: string): Promise<void> {
    await this.db.deleteFrom('evaluations').where('interview_uuid', '=', interviewUuid).execute();
  }
}

/** What a save or a submission writes. */
function toRow(e: Evaluation) {
  return {
    evaluator_name: e.evaluator.name,
    status: e.status,
    recommendation: e.recommendation,
    overall_rating: e.overallRating,
    ratings: JSON.stringify(e.ratings.map((r) => ({ criterion_uuid: r.criterionUuid, rating: r.rating }))),
    note: e.note,
    submitted_at: e.submittedAt,
    updated_at: e.updatedAt,
  };
}

function toEvaluation(row: EvaluationRow): Evaluation {
  return {
    uuid: row.uuid,
    interviewUuid: row.interview_uuid,
    companyUuid: row.company_uuid,
    evaluator: { type: row.evaluator_type, uuid: row.evaluator_uuid, name: row.evaluator_name },
    status: row.status,
    recommendation: row.recommendation,
    overallRating: row.overall_rating === null ? null : Number(row.overall_rating),
    ratings: row.ratings.map((r) => ({ criterionUuid: r.criterion_uuid, rating: r.rating })),
    note: row.note,
    submittedAt: row.submitted_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
