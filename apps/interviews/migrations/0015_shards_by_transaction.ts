import { sql, type Kysely } from 'kysely';

/**
 * Decision 062: a write's list-version and counter shard is its transaction's (its id modulo 16), no longer its
 * connection's. A pool's connections kept their shards for life, and under the creation load several shared one
 * (backend pids 16 apart): each creation of such a connection waited on the row another had locked until its
 * commit, the WAL flush included (20–70 ms of each statement's time, by `auto_explain`). Consecutive transactions
 * take consecutive ids, so concurrent writes spread over the shards. The trigger functions of migration 0012 are
 * rewritten from their own definitions, with only the shard's expression changed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    do $$
    declare
      f record;
      rewritten int := 0;
    begin
      for f in select p.oid from pg_proc p join pg_namespace n on n.oid = p.pronamespace
               where n.nspname = current_schema() and p.proname like '%\\_list\\_changed' loop
        execute replace(pg_get_functiondef(f.oid), 'pg_backend_pid()', 'pg_current_xact_id()::text::bigint');
        rewritten := rewritten + 1;
      end loop;
      if rewritten <> 5 then
        raise exception 'expected the 5 list-version trigger functions of migration 0012, found %', rewritten;
      end if;
    end $$`.execute(db);
}
