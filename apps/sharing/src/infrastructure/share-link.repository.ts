import { markEventProcessed } from '@vi/platform-bus';
import type { Kysely, Selectable } from '@vi/platform-postgres';
import type { LinkedInterview, ShareLink, ShareLinkKind } from '../domain/share-link';
import type { SharingDatabase } from './sharing.database';

type LinkRow = Selectable<SharingDatabase['share_links']>;

/** Share links and the interviews they open; "live" means not deleted. */
export class ShareLinkRepository {
  constructor(private readonly db: Kysely<SharingDatabase>) {}

  async insert(link: ShareLink, tokenHash: string): Promise<void> {
    await this.db
      .insertInto('share_links')
      .values({
        uuid: link.uuid,
        kind: link.kind,
        company_uuid: link.companyUuid,
        token_hash: tokenHash,
        type: link.type,
        status: link.status,
        basic_interview_uuid: link.kind === 'basic' ? link.interviews[0].interviewUuid : null,
        reviewer_name: link.reviewer?.name ?? null,
        reviewer_email: link.reviewer?.email ?? null,
        send_email: link.sendEmail,
        created_by: link.createdBy,
        updated_by: link.updatedBy,
        created_at: link.createdAt,
        updated_at: link.updatedAt,
        deleted_at: link.deletedAt,
        version: link.version,
      })
      .execute();
    await this.db
      .insertInto('share_link_interviews')
      .values(
        link.interviews.map((i, position) => ({
          uuid: i.uuid,
          share_link_uuid: link.uuid,
          interview_uuid: i.interviewUuid,
          position,
          job_uuid: i.jobUuid,
          job_title: i.jobTitle,
          candidate_name: i.candidateName,
        })),
      )
      .execute();
  }

  /** Writes what can change: status, last updater, deletion, version. */
  async update(link: ShareLink): Promise<void> {
    await this.db
      .updateTable('share_links')
      .set({ status: link.status, updated_by: link.updatedBy, updated_at: link.updatedAt, deleted_at: link.deletedAt, version: link.version })
      .where('uuid', '=', link.uuid)
      .execute();
  }

  /** A live link of the company (of that kind), locked when asked. */
  async find(companyUuid: string, kind: ShareLinkKind, uuid: string, options: { lock?: boolean } = {}): Promise<ShareLink | undefined> {
    let query = this.live().where('company_uuid', '=', companyUuid).where('kind', '=', kind).where('uuid', '=', uuid);
    if (options.lock) query = query.forUpdate();
    return (await this.withInterviews(await query.execute()))[0];
  }

  async findBasic(companyUuid: string, interviewUuid: string, options: { lock?: boolean } = {}): Promise<ShareLink | undefined> {
    let query = this.live().where('company_uuid', '=', companyUuid).where('basic_interview_uuid', '=', interviewUuid);
    if (options.lock) query = query.forUpdate();
    return (await this.withInterviews(await query.execute()))[0];
  }

  /** A deleted interview's place in links keeps no candidate name. */
  async forgetCandidateOf(interviewUuid: string): Promise<void> {
    await this.db.updateTable('share_link_interviews').set({ candidate_name: null }).where('interview_uuid', '=', interviewUuid).execute();
  }

  /** Which of these uuids are links, deleted ones included. */
  async existing(uuids: string[]): Promise<string[]> {
    if (uuids.length === 0) return [];
    return (await this.db.selectFrom('share_links').select('uuid').where('uuid', 'in', uuids).execute()).map((r) => r.uuid);
  }

  async findByTokenHash(tokenHash: string): Promise<ShareLink | undefined> {
    return (await this.withInterviews(await this.live().where('token_hash', '=', tokenHash).execute()))[0];
  }

  /** Newest first; the uuid makes the order total. */
  async listAdvanced(companyUuid: string, offset: number, limit: number): Promise<ShareLink[]> {
    const rows = await this.live()
      .where('company_uuid', '=', companyUuid)
      .where('kind', '=', 'advanced')
      .orderBy('created_at', 'desc')
      .orderBy('uuid', 'desc')
      .offset(offset)
      .limit(limit)
      .execute();
    return this.withInterviews(rows);
  }

  async countAdvanced(companyUuid: string): Promise<number> {
    const row = await this.db
      .selectFrom('share_links')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('company_uuid', '=', companyUuid)
      .where('kind', '=', 'advanced')
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /** The live basic links of an interview (at most one). */
  async basicLinksOf(companyUuid: string, interviewUuid: string, options: { lock?: boolean } = {}): Promise<ShareLink[]> {
    let query = this.live().where('company_uuid', '=', companyUuid).where('basic_interview_uuid', '=', interviewUuid);
    if (options.lock) query = query.forUpdate();
    return this.withInterviews(await query.execute());
  }

  /** Records a consumed event; false when it was handled before (redelivery). */
  markProcessed(eventId: string): Promise<boolean> {
    return markEventProcessed(this.db, eventId);
  }

  private live() {
    return this.db.selectFrom('share_links').selectAll().where('deleted_at', 'is', null);
  }

  private async withInterviews(rows: LinkRow[]): Promise<ShareLink[]> {
    if (rows.length === 0) return [];
    const linked = await this.db
      .selectFrom('share_link_interviews')
      .selectAll()
      .where(
        'share_link_uuid',
        'in',
        rows.map((r) => r.uuid),
      )
      .orderBy('position')
      .execute();
    const byLink = new Map<string, LinkedInterview[]>();
    for (const i of linked) {
      const list = byLink.get(i.share_link_uuid) ?? [];
      list.push({ uuid: i.uuid, interviewUuid: i.interview_uuid, jobUuid: i.job_uuid, jobTitle: i.job_title, candidateName: i.candidate_name });
      byLink.set(i.share_link_uuid, list);
    }
    return rows.map((row) => toShareLink(row, byLink.get(row.uuid) ?? []));
  }
}

function toShareLink(row: LinkRow, interviews: LinkedInterview[]): ShareLink {
  return {
    uuid: row.uuid,
    kind: row.kind,
    companyUuid: row.company_uuid,
    type: row.type,
    status: row.status,
    reviewer: row.reviewer_email === null ? null : { name: row.reviewer_name ?? '', email: row.reviewer_email },
    sendEmail: row.send_email,
    createdBy: row.created_by,
    updatedBy: row.updated_by,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    deletedAt: row.deleted_at,
    version: row.version,
    interviews,
  };
}
