import { sql, type Kysely } from 'kysely';

/**
 * Decision 050: each company's list version, moved by triggers in the transaction of every write to what a list
 * item shows (the interviews and the projections of jobs, people, companies and share links), so that a page
 * rendered at a version is served again only while nothing it shows has changed.
 *
 * A company's version is the sum of its rows: a writer bumps the row of its connection's shard (its backend pid
 * modulo 16), so two transactions writing for one company seldom wait on one row (a creation would otherwise hold
 * it from its interviews' insert to its commit). Every committed write adds at least one to the sum and nothing
 * ever lowers it (rows are never deleted), so two snapshots that see the same sum see the same writes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table interview_list_versions (
      company_uuid uuid not null,
      shard smallint not null,
      version bigint not null check (version > 0),
      primary key (company_uuid, shard)
    )`.execute(db);
  // A renamed company user (an interview's creator) concerns the companies of the interviews they created.
  await sql`create index interviews_by_creator on interviews (created_by)`.execute(db);

  await sql`
    create function interview_lists_truncated() returns trigger language plpgsql set search_path from current as $$
      begin
        update interview_list_versions set version = version + 1;
        return null;
      end $$`.execute(db);

  // What each table's changed rows concern: the companies whose interviews show them (`changed` is the rows
  // inserted, updated, or deleted, old and new versions of an update alike).
  const concerned: Record<string, string> = {
    interviews: 'select company_uuid from changed',
    companies: 'select uuid from changed',
    job_posts: 'select i.company_uuid from interviews i join changed c on i.job_uuid = c.uuid',
    people: `select i.company_uuid from interviews i join changed c on i.candidate_uuid = c.uuid
      union select i.company_uuid from interviews i join changed c on i.created_by = c.uuid`,
    share_links: 'select i.company_uuid from interviews i join changed c on i.uuid = c.interview_uuid',
  };
  for (const [table, companies] of Object.entries(concerned)) {
    const fn = sql.id(`${table}_list_changed`);
    // Transition tables: one call per statement, whatever its number of rows (a trigger with transition tables
    // takes one event, hence three triggers). A statement that changed no row (an upsert that skipped its write)
    // reads an empty transition table and writes nothing. PL/pgSQL keeps its statements' plans for the session.
    await sql`
      create function ${fn}() returns trigger language plpgsql set search_path from current as $$
      declare
        concerned uuid[];
      begin
        if tg_op = 'INSERT' then
          concerned := array(with changed as (select * from new_rows) ${sql.raw(companies)});
        elsif tg_op = 'UPDATE' then
          concerned := array(with changed as (select * from new_rows union all select * from old_rows) ${sql.raw(companies)});
        else
          concerned := array(with changed as (select * from old_rows) ${sql.raw(companies)});
        end if;
        if cardinality(concerned) > 0 then
          -- Companies in uuid order: a statement bumping several (a job seeker's change) locks their rows in one order.
          insert into interview_list_versions as v (company_uuid, shard, version)
          select distinct c, (pg_backend_pid() % 16)::smallint, 1::bigint from unnest(concerned) c where c is not null order by 1
          on conflict (company_uuid, shard) do update set version = v.version + 1;
        end if;
        return null;
      end $$`.execute(db);
    const id = (suffix: string) => sql.id(`${table}_list_${suffix}`);
    await sql`create trigger ${id('inserted')} after insert on ${sql.id(table)} referencing new table as new_rows
      for each statement execute function ${fn}()`.execute(db);
    await sql`create trigger ${id('updated')} after update on ${sql.id(table)} referencing old table as old_rows new table as new_rows
      for each statement execute function ${fn}()`.execute(db);
    await sql`create trigger ${id('deleted')} after delete on ${sql.id(table)} referencing old table as old_rows
      for each statement execute function ${fn}()`.execute(db);
    // A truncation names no rows: every company's version moves.
    await sql`create trigger ${id('truncated')} after truncate on ${sql.id(table)}
      for each statement execute function interview_lists_truncated()`.execute(db);
  }
}
