import { sql, type Kysely } from 'kysely';

/**
 * Where each interview came from (decision 071): our web app (`workspace`), an API key (`api`), an open interview's
 * application (`open_interview`) or an applicant-tracking system's order (`greenhouse`, `ashby`, with the ATS's own
 * id). Interviews made before the column came from the API or the web app, which nothing told apart: they read `api`.
 * A column of `interviews`, so the list-version triggers (migration 0012) see it like the rest of an item.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table interviews
      add column source_type text not null default 'api'
        check (source_type in ('greenhouse', 'ashby', 'api', 'open_interview', 'workspace')),
      add column source_external_id text`.execute(db);
}
