import { sql, type Kysely } from '@vi/platform-postgres';
import type { JobCounts } from '../application/store';
import type { JobStatus } from '../domain/job';
import type { JobsDatabase } from './jobs.database';

const COUNTS = ['active', 'inactive', 'version'] as const;

export class JobCounterRepository {
  constructor(private readonly db: Kysely<JobsDatabase>) {}

  /** Locks the company's counter row (creating it if needed) until the transaction ends. */
  async lock(companyUuid: string): Promise<JobCounts> {
    await this.db
      .insertInto('company_job_counters')
      .values({ company_uuid: companyUuid })
      .onConflict((oc) => oc.column('company_uuid').doNothing())
      .execute();
    return this.db.selectFrom('company_job_counters').select(COUNTS).where('company_uuid', '=', companyUuid).forUpdate().executeTakeFirstOrThrow();
  }

  /**
   * Counts one new job, as the last statement of its transaction so that the counter row stays locked only until
   * the commit that follows. An active job is counted only while fewer than `activeLimit` are (-1 = no limit); false
   * when it is not (nothing counted: the caller rolls back). Concurrent creations queue on the row and each sees
   * the count the previous one committed, so a limit is never overshot. The list's version moves with it.
   */
  async countNew(companyUuid: string, status: JobStatus, activeLimit: number): Promise<boolean> {
    const [active, inactive] = status === 'active' ? [1, 0] : [0, 1];
    const limited = status === 'active' && activeLimit !== -1;
    // One statement: the first job of a company creates its row (when the limit allows one), later ones count
    // on it under the row lock, within the limit; no row returned = no slot.
    const counted = await sql<{ active: number }>`
      insert into company_job_counters (company_uuid, active, inactive, version)
      select ${companyUuid}::uuid, ${active}::int, ${inactive}::int, 1
      where not ${limited}::boolean or ${activeLimit}::int > 0
      on conflict (company_uuid) do update
        set active = company_job_counters.active + excluded.active, inactive = company_job_counters.inactive + excluded.inactive,
          version = company_job_counters.version + 1
        where not ${limited}::boolean or company_job_counters.active < ${activeLimit}::int
      returning active`.execute(this.db);
    return counted.rows.length > 0;
  }

  async read(companyUuid: string): Promise<JobCounts> {
    const row = await this.db.selectFrom('company_job_counters').select(COUNTS).where('company_uuid', '=', companyUuid).executeTakeFirst();
    return row ?? { active: 0, inactive: 0, version: 0 };
  }

  /**
   * Records a change to one of the company's jobs (its row locked by `lock` earlier in the transaction): moves it
   * between the counts (`null` = not counted: new or deleted; the same status = a change that keeps it where it
   * is) and moves the list's version.
   */
  async move(companyUuid: string, from: JobStatus | null, to: JobStatus | null): Promise<void> {
    await this.db
      .updateTable('company_job_counters')
      .set((eb) => ({
        active: eb('active', '+', (to === 'active' ? 1 : 0) - (from === 'active' ? 1 : 0)),
        inactive: eb('inactive', '+', (to === 'inactive' ? 1 : 0) - (from === 'inactive' ? 1 : 0)),
        version: eb('version', '+', 1),
      }))
      .where('company_uuid', '=', companyUuid)
      .execute();
  }
}
