import { sql, type Kysely } from 'kysely';

/**
 * The interviews' basic share links, projected from the sharing service's
 * events (decision 015). `link` is the link as the API shows it; a deleted
 * link keeps its row with `link` null, so a late older event cannot bring it
 * back (the highest `version` wins).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table share_links (
      interview_uuid uuid primary key,
      link jsonb,
      version int not null
    )`.execute(db);
}
