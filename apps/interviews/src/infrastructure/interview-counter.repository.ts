import { prepared, sql, type Kysely, type RawBuilder } from '@vi/platform-postgres';
import type { InterviewListState } from '../application/store';
import type { InterviewStatus, InterviewType } from '../domain/interview-status';
import type { InterviewsDatabase } from './interviews.database';

/** Interviews per company, type and status: list totals without a count scan. */
export class InterviewCounterRepository {
  constructor(private readonly db: Kysely<InterviewsDatabase>) {}

  async move(companyUuid: string, type: InterviewType, from: InterviewStatus | null, to: InterviewStatus | null, count = 1): Promise<void> {
    if (from === to || count === 0) return;
    if (from) await counterIncrease(companyUuid, type, from, -count).execute(this.db);
    if (to) await counterIncrease(companyUuid, type, to, count).execute(this.db);
  }

  async total(companyUuid: string, types: InterviewType[], statuses: InterviewStatus[]): Promise<number> {
    let query = this.db
      .selectFrom('interview_counters')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('count'), eb.lit(0)).as('total'))
      .where('company_uuid', '=', companyUuid);
    if (types.length > 0) query = query.where('type', 'in', types);
    if (statuses.length > 0) query = query.where('status', 'in', statuses);
    const row = await query.executeTakeFirstOrThrow();
    return Number(row.total);
  }

  async listState(companyUuid: string, types: InterviewType[], statuses: InterviewStatus[]): Promise<InterviewListState> {
    const { rows } = await prepared(
      sql<InterviewListState>`select ${listVersionOf(companyUuid)} as version, ${filterTotalOf(companyUuid, types, statuses)} as total`,
    ).execute(this.db);
    return rows[0];
  }
}

/**
 * The filter's total from the counters, as a scalar subquery (evaluated once per statement). Types and statuses
 * are written into the text (fixed vocabulary: one prepared statement per filter, decision 048).
 */
export function filterTotalOf(companyUuid: string, types: InterviewType[], statuses: InterviewStatus[]): RawBuilder<number> {
  const counted = sql.join(
    [
      sql`company_uuid = ${companyUuid}`,
      ...(types.length > 0 ? [sql`type in (${sql.join(types.map((t) => sql.lit(t)))})`] : []),
      ...(statuses.length > 0 ? [sql`status in (${sql.join(statuses.map((s) => sql.lit(s)))})`] : []),
    ],
    sql` and `,
  );
  return sql<number>`(select coalesce(sum(count), 0) from interview_counters where ${counted})::int8`;
}

/** The company's list version (the sum of its shards, migration 0012), as a scalar subquery. */
export function listVersionOf(companyUuid: string): RawBuilder<number> {
  return sql<number>`(select coalesce(sum(version), 0) from interview_list_versions where company_uuid = ${companyUuid})::int8`;
}

/**
 * Adds `count` (negative: removes) interviews to a company's counter of a type and status, on the shard of this
 * transaction (its id modulo 16, as the list versions' triggers choose theirs: decisions 059 and 062): on its own or
 * in a creation's statement.
 */
export function counterIncrease(companyUuid: string, type: InterviewType, status: InterviewStatus, count: number) {
  return sql`insert into interview_counters (company_uuid, type, status, shard, count)
values (${companyUuid}, ${type}, ${status}, (pg_current_xact_id()::text::bigint % 16)::smallint, ${count})
on conflict (company_uuid, type, status, shard) do update set count = interview_counters.count + excluded.count`;
}
