import { sql, type Kysely } from 'kysely';

/**
 * Decision 018: no candidate token or share-link URL at rest. Events written before it carried the candidate link
 * (`invitation.candidate_url`) and the interview's share-link URL; the share-link projection held the URL.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`update share_links set link = link - 'url' where link is not null`.execute(db);
  await sql`update outbox set payload = (payload #- '{invitation,candidate_url}') #- '{interview,share_link,url}'`.execute(db);
}
