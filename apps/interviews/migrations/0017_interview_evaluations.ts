import { sql, type Kysely } from 'kysely';

/**
 * The hiring team's verdict on each interview, projected from the evaluations service's events (decision 070): the
 * decision (the REST Decision object) and the counts of submitted and begun evaluations, so that a page of interviews
 * stays one statement. Columns of `interviews`, so its list-version triggers (migration 0012) move the company's
 * version whenever they change. `evaluations_cleared_at` is the interview's last reset: an event published before it
 * tells of evaluations that are gone, and changes nothing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table interviews
      add column decision jsonb,
      add column evaluations_submitted int not null default 0 check (evaluations_submitted >= 0),
      add column evaluations_started int not null default 0 check (evaluations_started >= 0),
      add column evaluations_cleared_at timestamptz`.execute(db);
}
