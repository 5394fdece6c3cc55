import { sql, type Kysely } from '@vi/platform-postgres';
import type { CompanyMediaRepository as CompanyMediaPort } from '../application/store';
import type { InterviewsDatabase } from './interviews.database';

/** The company's media as one sum (issue 38): every take and recording of its interviews, through `interviews`. */
export class CompanyMediaRepository implements CompanyMediaPort {
  constructor(private readonly db: Kysely<InterviewsDatabase>) {}

  async bytesStored(companyUuid: string, options: { lock?: boolean } = {}): Promise<number> {
    // A transaction-scoped lock per company: no row to lock is needed, and uploads of other companies never wait.
    if (options.lock) await sql`select pg_advisory_xact_lock(hashtextextended(${`company-media:${companyUuid}`}, 0))`.execute(this.db);
    const result = await sql<{ bytes: string | number }>`select
        coalesce((select sum(t.size) from takes t join interviews i on i.uuid = t.interview_uuid where i.company_uuid = ${companyUuid}), 0)
      + coalesce((select sum(r.size) from recordings r join interviews i on i.uuid = r.interview_uuid where i.company_uuid = ${companyUuid}), 0)
      as bytes`.execute(this.db);
    return Number(result.rows[0].bytes);
  }
}
