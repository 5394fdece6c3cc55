import type { Kysely } from '@vi/platform-postgres';
import type { PlanDefinition } from '../domain/plan';
import type { IdentityDatabase } from './identity.database';

export class PlanRepository {
  constructor(private readonly db: Kysely<IdentityDatabase>) {}

  async list(): Promise<PlanDefinition[]> {
    const rows = await this.db.selectFrom('plans').selectAll().orderBy('rank').execute();
    return rows.map(toPlan);
  }

  async find(code: string): Promise<PlanDefinition | undefined> {
    const row = await this.db.selectFrom('plans').selectAll().where('code', '=', code).executeTakeFirst();
    return row && toPlan(row);
  }
}

function toPlan(row: IdentityDatabase['plans']): PlanDefinition {
  return {
    code: row.code,
    name: row.name,
    rank: row.rank,
    jobsLimit: row.jobs_limit,
    usersLimit: row.users_limit,
    features: row.features,
  };
}
