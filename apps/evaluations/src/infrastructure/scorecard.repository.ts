import type { Kysely } from '@vi/platform-postgres';
import type { ScorecardRepository as ScorecardPort } from '../application/store';
import type { Scorecard } from '../domain/scorecard';
import type { EvaluationsDatabase } from './evaluations.database';

/** Jobs' scorecards and their criteria, in order. */
export class ScorecardRepository implements ScorecardPort {
  constructor(private readonly db: Kysely<EvaluationsDatabase>) {}

  async find(companyUuid: string, jobUuid: string): Promise<Scorecard | undefined> {
    const row = await this.db.selectFrom('scorecards').selectAll().where('company_uuid', '=', companyUuid).where('job_uuid', '=', jobUuid).executeTakeFirst();
    if (!row) return undefined;
    const criteria = await this.db.selectFrom('criteria').select(['uuid', 'name', 'description']).where('job_uuid', '=', jobUuid).orderBy('position').execute();
    return { jobUuid: row.job_uuid, companyUuid: row.company_uuid, criteria, visibility: row.visibility, updatedAt: row.updated_at, updatedBy: row.updated_by };
  }

  /** The upsert locks the card's row first, so two concurrent saves run one after the other. */
  async save(card: Scorecard): Promise<void> {
    const row = { company_uuid: card.companyUuid, visibility: card.visibility, updated_by: card.updatedBy!, updated_at: card.updatedAt! };
    await this.db
      .insertInto('scorecards')
      .values({ job_uuid: card.jobUuid, ...row })
      .onConflict((oc) => oc.column('job_uuid').doUpdateSet(row))
      .execute();
    await this.db.deleteFrom('criteria').where('job_uuid', '=', card.jobUuid).execute();
    if (card.criteria.length === 0) return;
    await this.db
      .insertInto('criteria')
      .values(card.criteria.map((c, position) => ({ uuid: c.uuid, job_uuid: card.jobUuid, position, name: c.name, description: c.description })))
      .execute();
  }

  async deleteOfJob(jobUuid: string): Promise<void> {
    await this.db.deleteFrom('criteria').where('job_uuid', '=', jobUuid).execute();
    await this.db.deleteFrom('scorecards').where('job_uuid', '=', jobUuid).execute();
  }
}
