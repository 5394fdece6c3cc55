import { markEventProcessed } from '@vi/platform-bus';
import { sql, type Kysely, type RawBuilder } from '@vi/platform-postgres';
import type { CompanyRow, JobPostRow, PersonRow } from '../application/store';
import type { InterviewsDatabase } from './interviews.database';

/**
 * A creation's projections as data-modifying `WITH` parts, for the creation's one statement (decisions 048, 053): the
 * company, the people (creator and candidates) and the job, each written as `upsertCompany`, `refreshPeople` and
 * `upsertJob` write it (nothing when nothing changed), and the changed job's `RETURNING` feeding the sort key of the
 * job's existing interviews (parts share a snapshot, so the key comes from the job this statement wrote).
 *
 * Each is an insert that skips a row already there and an update of the row only where it changed (decision 059),
 * not an upsert: `ON CONFLICT DO UPDATE` locks the row it finds even when its `WHERE` skips the write, and every
 * creation of a company brings the same company, creator and job, so each creation waited for the one before it to
 * commit. Neither part touches the other's row (they share one snapshot), and the interviews' foreign keys only
 * share-lock the rows, which never wait on each other.
 */
export function creationProjectionParts(
  { company, job, people }: { company: CompanyRow; job: JobPostRow; people: PersonRow[] },
  at: Date,
): RawBuilder<unknown> {
  const unique = inUuidOrder(people);
  const json = (value: unknown) => JSON.stringify(value);
  const given = sql.join(unique.map((p) => sql`(${p.uuid}::uuid, ${p.name}::text, ${p.email}::text, ${p.avatar}::text)`));
  return sql`company as (
  insert into companies (uuid, name, avatar) values (${company.uuid}, ${company.name}, ${company.avatar}) on conflict (uuid) do nothing
), company_changed as (
  update companies set name = ${company.name}, avatar = ${company.avatar}
  where uuid = ${company.uuid} and (name, avatar) is distinct from (${company.name}::text, ${company.avatar}::text)
), person as (
  insert into people (uuid, name, email, avatar, updated_at)
  values ${sql.join(unique.map((p) => sql`(${p.uuid}, ${p.name}, ${p.email}, ${p.avatar}, ${at})`))}
  on conflict (uuid) do nothing
), person_changed as (
  update people set name = given.name, email = given.email, avatar = given.avatar, updated_at = ${at}
  from (values ${given}) as given (uuid, name, email, avatar)
  where people.uuid = given.uuid and people.updated_at <= ${at}::timestamptz
    and (people.name, people.email, people.avatar) is distinct from (given.name, given.email, given.avatar)
), job as (
  insert into job_posts (uuid, company_uuid, title, status, created_at, updated_at, status_updated_at, created_by, location, video)
  values (${job.uuid}, ${job.company_uuid}, ${job.title}, ${job.status}, ${job.created_at}, ${job.updated_at}, ${job.status_updated_at}, ${json(job.created_by)}, ${json(job.location)}, ${json(job.video)})
  on conflict (uuid) do nothing
), job_changed as (
  update job_posts set title = given.title, status = given.status, updated_at = given.updated_at, status_updated_at = given.status_updated_at,
    created_by = given.created_by, location = given.location, video = given.video
  from (values (${job.title}::text, ${job.status}::text, ${job.updated_at}::timestamptz, ${job.status_updated_at}::timestamptz,
    ${json(job.created_by)}::jsonb, ${json(job.location)}::jsonb, ${json(job.video)}::jsonb)) as given (title, status, updated_at, status_updated_at, created_by, location, video)
  where job_posts.uuid = ${job.uuid} and job_posts.updated_at <= given.updated_at
    and (job_posts.title, job_posts.status, job_posts.updated_at, job_posts.status_updated_at, job_posts.created_by, job_posts.location, job_posts.video)
      is distinct from (given.title, given.status, given.updated_at, given.status_updated_at, given.created_by, given.location, given.video)
  returning job_posts.uuid, lower(job_posts.title) as job_key
), job_keys as (
  update interviews set job_key = job_changed.job_key from job_changed where interviews.job_uuid = job_changed.uuid and interviews.job_key is distinct from job_changed.job_key
)`;
}

/**
 * What interviews show of other services' data (jobs, users, companies):
 * written at creation, kept current from events, and copied into the
 * interviews' sort keys so sorted pages stay one index scan.
 */
export class ProjectionRepository {
  constructor(private readonly db: Kysely<InterviewsDatabase>) {}

  async upsertJob(job: JobPostRow): Promise<void> {
    const written = await this.db
      .insertInto('job_posts')
      .values({
        ...job,
        created_by: JSON.stringify(job.created_by) as never,
        location: JSON.stringify(job.location) as never,
        video: JSON.stringify(job.video) as never,
      })
      .onConflict((oc) =>
        oc
          .column('uuid')
          .doUpdateSet({
            title: job.title,
            status: job.status,
            updated_at: job.updated_at,
            status_updated_at: job.status_updated_at,
            created_by: JSON.stringify(job.created_by) as never,
            location: JSON.stringify(job.location) as never,
            video: JSON.stringify(job.video) as never,
          })
          .where('job_posts.updated_at', '<=', job.updated_at)
          // The job every creation for it brings along is usually the one stored: no write, no dead row.
          .where(
            sql`(job_posts.title, job_posts.status, job_posts.updated_at, job_posts.status_updated_at, job_posts.created_by, job_posts.location, job_posts.video)`,
            'is distinct from',
            sql`(excluded.title, excluded.status, excluded.updated_at, excluded.status_updated_at, excluded.created_by, excluded.location, excluded.video)`,
          ),
      )
      .returning('uuid')
      .executeTakeFirst();
    // Only a write can have changed the title, and with it the interviews' sort key.
    if (written) await this.refreshKeys('job_key', 'job_uuid', sql`(select lower(title) from job_posts where uuid = ${job.uuid})`, job.uuid);
  }

  async refreshPeople(people: PersonRow[], at: Date): Promise<void> {
    // One row per person (ON CONFLICT DO UPDATE may not touch a row twice in one statement), in uuid order: rows are
    // locked in that order, so two creations sharing people cannot deadlock.
    const unique = inUuidOrder(people);
    if (unique.length === 0) return;
    await this.db
      .insertInto('people')
      .values(unique.map((p) => ({ uuid: p.uuid, name: p.name, email: p.email, avatar: p.avatar, updated_at: at })))
      .onConflict((oc) =>
        oc
          .column('uuid')
          .doUpdateSet((eb) => ({ name: eb.ref('excluded.name'), email: eb.ref('excluded.email'), avatar: eb.ref('excluded.avatar'), updated_at: at }))
          .where('people.updated_at', '<=', at)
          .where(sql`(people.name, people.email, people.avatar)`, 'is distinct from', sql`(excluded.name, excluded.email, excluded.avatar)`),
      )
      .execute();
  }

  async upsertPerson(person: PersonRow, at: Date): Promise<void> {
    await this.db
      .insertInto('people')
      .values({ ...person, updated_at: at })
      .onConflict((oc) =>
        oc
          .column('uuid')
          .doUpdateSet({ name: person.name, email: person.email, avatar: person.avatar, updated_at: at })
          // An event's time has whole seconds (RFC 3339 as the API writes it), a creation's has milliseconds: a rename in
          // the second of the row's last write is newer than it, not older, and must show.
          .where(sql`date_trunc('second', people.updated_at)`, '<=', at),
      )
      .execute();
  }

  /** Copies the stored (newest) name into the interviews' sort key; an older event changes nothing. */
  private async refreshKeys(key: 'job_key', by: 'job_uuid', stored: RawBuilder<string>, uuid: string): Promise<void> {
    await this.db
      .updateTable('interviews')
      .set({ [key]: stored })
      .where(by, '=', uuid)
      .where(key, 'is distinct from', stored)
      .execute();
  }

  async upsertCompany(company: CompanyRow): Promise<void> {
    await this.db
      .insertInto('companies')
      .values(company)
      .onConflict((oc) =>
        oc
          .column('uuid')
          .doUpdateSet({ name: company.name, avatar: company.avatar })
          .where(sql`(companies.name, companies.avatar)`, 'is distinct from', sql`(excluded.name, excluded.avatar)`),
      )
      .execute();
  }

  async jobs(uuids: string[]): Promise<Map<string, JobPostRow>> {
    if (uuids.length === 0) return new Map();
    const rows = await this.db.selectFrom('job_posts').selectAll().where('uuid', 'in', uuids).execute();
    return new Map(rows.map((r) => [r.uuid, r]));
  }

  async people(uuids: string[]): Promise<Map<string, PersonRow>> {
    if (uuids.length === 0) return new Map();
    const rows = await this.db.selectFrom('people').select(['uuid', 'name', 'email', 'avatar']).where('uuid', 'in', uuids).execute();
    return new Map(rows.map((r) => [r.uuid, r]));
  }

  async companies(uuids: string[]): Promise<Map<string, CompanyRow>> {
    if (uuids.length === 0) return new Map();
    const rows = await this.db.selectFrom('companies').selectAll().where('uuid', 'in', uuids).execute();
    return new Map(rows.map((r) => [r.uuid, r]));
  }

  /** Records an event as applied; false when it was applied before (redelivery). */
  markProcessed(eventId: string): Promise<boolean> {
    return markEventProcessed(this.db, eventId);
  }
}

/** One row per person (ON CONFLICT DO UPDATE may not touch a row twice in one statement), in uuid order (decision 043). */
function inUuidOrder(people: PersonRow[]): PersonRow[] {
  return [...new Map(people.map((p) => [p.uuid, p])).values()].sort((a, b) => (a.uuid < b.uuid ? -1 : a.uuid > b.uuid ? 1 : 0));
}
