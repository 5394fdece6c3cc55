import type { Kysely } from '@vi/platform-postgres';
import type { InterviewsDatabase } from './interviews.database';

/** Each company's transcription as the transcription service last published it (decision 073). */
export class TranscriptionSettingRepository {
  constructor(private readonly db: Kysely<InterviewsDatabase>) {}

  /** Keeps the newest: a change as of before the one stored changes nothing. */
  async apply(companyUuid: string, transcription: boolean, at: Date): Promise<void> {
    await this.db
      .insertInto('company_transcription')
      .values({ company_uuid: companyUuid, transcription, changed_at: at })
      .onConflict((oc) => oc.column('company_uuid').doUpdateSet({ transcription, changed_at: at }).where('company_transcription.changed_at', '<=', at))
      .execute();
  }

  async isOn(companyUuid: string): Promise<boolean> {
    const row = await this.db.selectFrom('company_transcription').select('transcription').where('company_uuid', '=', companyUuid).executeTakeFirst();
    return row?.transcription ?? false;
  }
}
