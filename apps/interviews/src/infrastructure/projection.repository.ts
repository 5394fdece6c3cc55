import { markEventProcessed } from '@vi/platform-bus';
import { sql, type Kysely, type RawBuilder } from '@vi/platform-postgres';
import type { CompanyRow, JobPostRow, PersonRow } from '../application/store';
import type { InterviewsDatabase } from './interviews.database';

/**
 * A creation's projections as data-modifying `WITH` parts, for the creation's one statement (decisions 048, 053): the
 * company, the people (creator and candidates) and the job, each written as `upsertCompany`, `refreshPeople` and
 * `upsertJob` write it (nothing when nothing changed), and the job's `RETURNING` feeding the sort key of the job's
 * existing interviews (parts share a snapshot, so the key comes from the job this statement wrote).
 */
export function creationProjectionParts(
  { company, job, people }: { company: CompanyRow; job: JobPostRow; people: PersonRow[] },
  at: Date,
): RawBuilder<unknown> {
  const unique = inUuidOrder(people);
  const json = (value: unknown) => JSON.stringify(value);
  return sql`company as (
  insert into companies (uuid, name, avatar) values (${company.uuid}, ${company.name}, ${company.avatar})
  on conflict (uuid) do update set name = excluded.name, avatar = excluded.avatar
  where (companies.name, companies.avatar) is distinct from (excluded.name, excluded.avatar)
), person as (
  insert into people (uuid, name, email, avatar, updated_at)
  values ${sql.join(unique.map((p) => sql`(${p.uuid}, ${p.name}, ${p.email}, ${p.avatar}, ${at})`))}
  on conflict (uuid) do update set name = excluded.name, email = excluded.email, avatar = excluded.avatar, updated_at = excluded.updated_at
  where people.updated_at <= excluded.updated_at and (people.name, people.email, people.avatar) is distinct from (excluded.name, excluded.email, excluded.avatar)
), job as (
  insert into job_posts (uuid, company_uuid, title, status, created_at, updated_at, status_updated_at, created_by, location, video)
  values (${job.uuid}, ${job.company_uuid}, ${job.title}, ${job.status}, ${job.created_at}, ${job.updated_at}, ${job.status_updated_at}, ${json(job.created_by)}, ${json(job.location)}, ${json(job.video)})
  on conflict (uuid) do update set title = excluded.title, status = excluded.status, updated_at = excluded.updated_at,
    status_updated_at = excluded.status_updated_at, created_by = excluded.created_by, location = excluded.location, video = excluded.video
  where job_posts.updated_at <= excluded.updated_at
    and (job_posts.title, job_posts.status, job_posts.updated_at, job_posts.status_updated_at, job_posts.created_by, job_posts.location, job_posts.video)
      is distinct from (excluded.title, excluded.status, excluded.updated_at, excluded.status_updated_at, excluded.created_by, excluded.location, excluded.video)
  returning uuid, lower(title) as job_key
), job_keys as (
  update interviews set job_key = job.job_key from job where interviews.job_uuid = job.uuid and interviews.job_key is distinct from job.job_key
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
        oc.column('uuid').doUpdateSet({ name: person.name, email: person.email, avatar: person.avatar, updated_at: at }).where('people.updated_at', '<=', at),
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
