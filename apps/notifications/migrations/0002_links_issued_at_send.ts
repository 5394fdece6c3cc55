import { sql, type Kysely } from 'kysely';

/**
 * Decision 018: a message stores its body with a placeholder where the bearer link goes, and which link to ask its
 * owner for when it is sent (`link_kind`, `link_subject`: the user, interview or share link). Bodies stored before
 * this held the link itself: those no longer pending are redacted here; webhook bodies lose share-link URLs (the
 * worker asks sharing for them at each attempt).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table messages add column link_kind text check (link_kind in ('set_password', 'candidate', 'share_link'))`.execute(db);
  await sql`alter table messages add column link_subject uuid`.execute(db);
  for (const column of ['text_body', 'html_body']) {
    await sql`
      update messages set ${sql.ref(column)} = regexp_replace(regexp_replace(${sql.ref(column)},
        '([?]token=)[A-Za-z0-9._~-]+', '\\1[redacted]', 'g'), '(/share/)[A-Za-z0-9_-]+', '\\1[redacted]', 'g')
      where status <> 'pending' and ${sql.ref(column)} is not null`.execute(db);
  }
  for (const table of ['deliveries', 'last_notifications']) {
    await sql`update ${sql.table(table)} set body = regexp_replace(body, '(/share/)[A-Za-z0-9_-]+', '\\1[redacted]', 'g')`.execute(db);
  }
}
