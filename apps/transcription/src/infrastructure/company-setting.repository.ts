import type { Kysely } from '@vi/platform-postgres';
import type { CompanySettingRepository as CompanySettingPort } from '../application/store';
import type { CompanySetting } from '../domain/company-setting';
import type { TranscriptionDatabase } from './transcription.database';

/** Companies' transcription settings: a row once an administrator changed it. */
export class CompanySettingRepository implements CompanySettingPort {
  constructor(private readonly db: Kysely<TranscriptionDatabase>) {}

  async find(companyUuid: string): Promise<CompanySetting | undefined> {
    const row = await this.db.selectFrom('company_settings').selectAll().where('company_uuid', '=', companyUuid).executeTakeFirst();
    return row && { companyUuid: row.company_uuid, transcription: row.transcription, updatedAt: row.updated_at };
  }

  async save(s: CompanySetting): Promise<void> {
    await this.db
      .insertInto('company_settings')
      .values({ company_uuid: s.companyUuid, transcription: s.transcription, updated_at: s.updatedAt })
      .onConflict((oc) => oc.column('company_uuid').doUpdateSet({ transcription: s.transcription, updated_at: s.updatedAt }))
      .execute();
  }
}
