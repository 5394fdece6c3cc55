import type { Kysely } from '@vi/platform-postgres';
import type { Company } from '../domain/user';
import type { IdentityDatabase } from './identity.database';

export class CompanyRepository {
  constructor(private readonly db: Kysely<IdentityDatabase>) {}

  async find(uuid: string): Promise<Company | undefined> {
    const row = await this.db.selectFrom('companies').selectAll().where('uuid', '=', uuid).executeTakeFirst();
    return row && toCompany(row);
  }

  async findMany(uuids: string[]): Promise<Company[]> {
    if (uuids.length === 0) return [];
    const rows = await this.db.selectFrom('companies').selectAll().where('uuid', 'in', uuids).execute();
    return rows.map(toCompany);
  }

  async findByName(name: string): Promise<Company | undefined> {
    const row = await this.db.selectFrom('companies').selectAll().where('name', '=', name).orderBy('created_at').executeTakeFirst();
    return row && toCompany(row);
  }

  /** Locks the company row until the transaction ends: slot checks serialize on it. */
  async lock(uuid: string): Promise<Company | undefined> {
    const row = await this.db.selectFrom('companies').selectAll().where('uuid', '=', uuid).forUpdate().executeTakeFirst();
    return row && toCompany(row);
  }

  async insert(company: Company): Promise<void> {
    await this.db
      .insertInto('companies')
      .values({
        uuid: company.uuid,
        name: company.name,
        website: company.website,
        summary: company.summary,
        avatar_url: company.avatarUrl,
        horizontal_logo_url: company.horizontalLogoUrl,
        social: JSON.stringify(company.social) as never,
        location: company.location ? (JSON.stringify(company.location) as never) : null,
        video: company.video ? (JSON.stringify(company.video) as never) : null,
        industry: company.industry ? (JSON.stringify(company.industry) as never) : null,
        plan_code: company.planCode,
        plan_started_at: company.planStartedAt,
        users_paid: company.usersPaid,
        downgrade_plan_code: company.downgradePlanCode,
        downgrade_at: company.downgradeAt,
        created_at: company.createdAt,
        updated_at: company.updatedAt,
      })
      .execute();
  }

  async updatePlan(uuid: string, change: Pick<Company, 'planCode' | 'planStartedAt' | 'downgradePlanCode' | 'downgradeAt' | 'updatedAt'>): Promise<void> {
    await this.db
      .updateTable('companies')
      .set({
        plan_code: change.planCode,
        plan_started_at: change.planStartedAt,
        downgrade_plan_code: change.downgradePlanCode,
        downgrade_at: change.downgradeAt,
        updated_at: change.updatedAt,
      })
      .where('uuid', '=', uuid)
      .execute();
  }
}

function toCompany(row: IdentityDatabase['companies']): Company {
  return {
    uuid: row.uuid,
    name: row.name,
    website: row.website,
    summary: row.summary,
    avatarUrl: row.avatar_url,
    horizontalLogoUrl: row.horizontal_logo_url,
    social: row.social,
    location: row.location,
    video: row.video,
    industry: row.industry,
    planCode: row.plan_code,
    planStartedAt: row.plan_started_at,
    usersPaid: row.users_paid,
    downgradePlanCode: row.downgrade_plan_code,
    downgradeAt: row.downgrade_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
