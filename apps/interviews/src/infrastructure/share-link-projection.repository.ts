import type { BasicShareLinkWithoutUrl } from '@vi/contracts';
import type { Kysely } from '@vi/platform-postgres';
import type { InterviewsDatabase } from './interviews.database';

/** The interviews' basic share links as the sharing service last published them (no URL: decision 018). */
export class ShareLinkProjectionRepository {
  constructor(private readonly db: Kysely<InterviewsDatabase>) {}

  /** Stores the link (null: deleted) unless a newer version is already stored. */
  async apply(interviewUuid: string, link: BasicShareLinkWithoutUrl | null, version: number): Promise<void> {
    const value = link === null ? null : (JSON.stringify(link) as never);
    await this.db
      .insertInto('share_links')
      .values({ interview_uuid: interviewUuid, link: value, version })
      .onConflict((oc) => oc.column('interview_uuid').doUpdateSet({ link: value, version }).where('share_links.version', '<', version))
      .execute();
  }

  async forInterviews(interviewUuids: string[]): Promise<Map<string, BasicShareLinkWithoutUrl>> {
    if (interviewUuids.length === 0) return new Map();
    const rows = await this.db.selectFrom('share_links').selectAll().where('interview_uuid', 'in', interviewUuids).where('link', 'is not', null).execute();
    return new Map(rows.map((r) => [r.interview_uuid, r.link!]));
  }
}
