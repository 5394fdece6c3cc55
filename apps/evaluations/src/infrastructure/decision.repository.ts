import type { Kysely } from '@vi/platform-postgres';
import type { DecisionRepository as DecisionPort } from '../application/store';
import type { Decision } from '../domain/decision';
import type { EvaluationsDatabase } from './evaluations.database';

/** Decisions: one per interview, replaced by the next. */
export class DecisionRepository implements DecisionPort {
  constructor(private readonly db: Kysely<EvaluationsDatabase>) {}

  async find(companyUuid: string, interviewUuid: string): Promise<Decision | undefined> {
    const row = await this.db
      .selectFrom('decisions')
      .selectAll()
      .where('company_uuid', '=', companyUuid)
      .where('interview_uuid', '=', interviewUuid)
      .executeTakeFirst();
    return (
      row && {
        interviewUuid: row.interview_uuid,
        companyUuid: row.company_uuid,
        decision: row.decision,
        decidedBy: { uuid: row.decided_by_uuid, name: row.decided_by_name },
        decidedAt: row.decided_at,
      }
    );
  }

  async save(d: Decision): Promise<void> {
    const row = { decision: d.decision, decided_by_uuid: d.decidedBy.uuid, decided_by_name: d.decidedBy.name, decided_at: d.decidedAt };
    await this.db
      .insertInto('decisions')
      .values({ interview_uuid: d.interviewUuid, company_uuid: d.companyUuid, ...row })
      .onConflict((oc) => oc.column('interview_uuid').doUpdateSet(row))
      .execute();
  }

  async deleteOfInterview(interviewUuid: string): Promise<void> {
    await this.db.deleteFrom('decisions').where('interview_uuid', '=', interviewUuid).execute();
  }
}
