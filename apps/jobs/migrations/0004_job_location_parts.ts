import { sql, type Kysely } from 'kysely';

/**
 * A job keeps the address or work mode it was posted with (decision 011), so a single read can show them and the
 * edit form starts filled: a location is shared by jobs whose formatted addresses are equal ignoring case, and an
 * on-site and a hybrid job at one work place share it, so the parts belong to the job. Jobs posted earlier take
 * the parts their location was first created with.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table jobs
      add column location_city text,
      add column location_state text,
      add column location_country text,
      add column work_mode text,
      add column work_place text`.execute(db);
  await sql`
    update jobs set location_city = l.city, location_state = l.state, location_country = l.country, work_mode = l.work_mode, work_place = l.work_place
    from locations l where l.uuid = jobs.location_uuid`.execute(db);
}
