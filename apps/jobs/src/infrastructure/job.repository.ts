import { prepared, sql, type Kysely, type Selectable } from '@vi/platform-postgres';
import type { Job } from '../domain/job';
import type { JobVideo } from '../domain/job-video';
import type { LocationInput } from '../domain/location';
import type { OpenInterview } from '../domain/job';
import { DEFAULT_APPLICATIONS_PER_DAY } from '../domain/open-interview';
import type { JobCounts, JobListQuery } from '../application/store';
import type { JobsDatabase, StoredJobVideo, StoredOpenInterview } from './jobs.database';

const SORT_COLUMNS = {
  title: 'title_key',
  updated: 'updated_at',
  created: 'created_at',
  location: 'location_key',
} as const;

type JobRow = Omit<Selectable<JobsDatabase['jobs']>, 'deleted_at' | 'title_key' | 'location_key'>;

/** What `toJob` reads, named (a prepared `select *` would fail once a migration adds a column: decision 048). */
const JOB_COLUMNS = sql.raw(
  'uuid, company_uuid, title, description, status, location_uuid, location_address, location_city, location_state, location_country, work_mode, ' +
    'work_place, created_by, status_updated_by, created_at, updated_at, status_updated_at, open_interview, video',
);

export class JobRepository {
  constructor(private readonly db: Kysely<JobsDatabase>) {}

  /**
   * A job of the company that is not deleted. Every creation of an interview reads its job here (GetJob): one
   * prepared text per lock mode, with its columns named (decisions 048 and 052), so neither the query builder nor
   * PostgreSQL's parse and plan run again at each call.
   */
  async find(companyUuid: string, uuid: string, options: { lock?: boolean } = {}): Promise<Job | undefined> {
    const { rows } = await prepared(
      sql<JobRow>`select ${JOB_COLUMNS} from jobs where uuid = ${uuid} and company_uuid = ${companyUuid} and deleted_at is null${sql.raw(options.lock ? ' for update' : '')}`,
    ).execute(this.db);
    return rows[0] && toJob(rows[0]);
  }

  /** The live job whose open interview has this uuid, whatever its company (the public side of decision 045). */
  findByOpenInterview(openInterviewUuid: string): Promise<Job | undefined> {
    return this.findLiveBy('open_interview', openInterviewUuid);
  }

  /** The live job whose video has this uuid, whatever its company (the public URL of decision 046). */
  findByVideo(videoUuid: string): Promise<Job | undefined> {
    return this.findLiveBy('video', videoUuid);
  }

  /** By the uuid inside a JSON column, through its unique expression index (migrations 0005 and 0006). */
  private async findLiveBy(column: 'open_interview' | 'video', uuid: string): Promise<Job | undefined> {
    const row = await this.db
      .selectFrom('jobs')
      .selectAll()
      .where(sql<string>`(${sql.ref(column)} ->> 'uuid')::uuid`, '=', uuid)
      .where(column, 'is not', null)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return row && toJob(row);
  }

  /**
   * One page, sorted and filtered in the database on the indexes of migration 0001 (the uuid, in the sort's
   * direction, makes the order total; list items have no description, so it is not read), with the company's
   * counts and list version (`company_job_counters`, kept in the same transactions as the jobs) in the same statement: one round
   * trip, one snapshot. `counts` is undefined when the page is empty (the caller reads the counter row then).
   */
  async listCounted(query: JobListQuery): Promise<{ jobs: Job[]; counts?: JobCounts }> {
    const rows = await this.pageQuery(query)
      .select((eb) => [
        eb.selectFrom('company_job_counters').select('active').where('company_uuid', '=', query.companyUuid).as('counted_active'),
        eb.selectFrom('company_job_counters').select('inactive').where('company_uuid', '=', query.companyUuid).as('counted_inactive'),
        eb.selectFrom('company_job_counters').select('version').where('company_uuid', '=', query.companyUuid).as('counted_version'),
      ])
      .execute();
    if (rows.length === 0) return { jobs: [] };
    const [first] = rows;
    return {
      jobs: rows.map(toJob),
      counts: { active: first.counted_active ?? 0, inactive: first.counted_inactive ?? 0, version: first.counted_version ?? 0 },
    };
  }

  private pageQuery(query: JobListQuery) {
    const [key, direction] = query.orderBy.split('_') as [keyof typeof SORT_COLUMNS, 'asc' | 'desc'];
    const column = SORT_COLUMNS[key];
    let select = this.db
      .selectFrom('jobs')
      .select([
        'uuid',
        'company_uuid',
        'title',
        sql<string>`''`.as('description'),
        'status',
        'location_uuid',
        'location_address',
        // Like the description, a list item leaves out the parts of its address.
        sql<null>`null`.as('location_city'),
        sql<null>`null`.as('location_state'),
        sql<null>`null`.as('location_country'),
        sql<null>`null`.as('work_mode'),
        sql<null>`null`.as('work_place'),
        'created_by',
        'status_updated_by',
        'created_at',
        'updated_at',
        'status_updated_at',
        'open_interview',
        'video',
      ])
      .where('company_uuid', '=', query.companyUuid)
      .where('deleted_at', 'is', null);
    // Both statuses is no filter at all, which lets the sort index without status serve the page.
    if (query.statuses.length === 1) select = select.where('status', '=', query.statuses[0]);
    return select.orderBy(column, direction).orderBy('uuid', direction).offset(query.offset).limit(query.limit);
  }

  async insert(job: Job): Promise<void> {
    await this.db
      .insertInto('jobs')
      .values({
        uuid: job.uuid,
        company_uuid: job.companyUuid,
        title: job.title,
        description: job.description,
        status: job.status,
        location_uuid: job.locationUuid,
        location_address: job.locationAddress,
        ...placeColumns(job.place),
        created_by: job.createdBy,
        status_updated_by: job.statusUpdatedBy,
        created_at: job.createdAt,
        updated_at: job.updatedAt,
        status_updated_at: job.statusUpdatedAt,
        open_interview: storedOpenInterview(job.openInterview),
        video: storedVideo(job.video),
      })
      .execute();
  }

  async update(job: Job): Promise<void> {
    await this.db
      .updateTable('jobs')
      .set({
        title: job.title,
        description: job.description,
        status: job.status,
        location_uuid: job.locationUuid,
        location_address: job.locationAddress,
        ...placeColumns(job.place),
        status_updated_by: job.statusUpdatedBy,
        updated_at: job.updatedAt,
        status_updated_at: job.statusUpdatedAt,
        open_interview: storedOpenInterview(job.openInterview),
        video: storedVideo(job.video),
      })
      .where('uuid', '=', job.uuid)
      .execute();
  }

  async markDeleted(uuid: string, at: Date): Promise<void> {
    await this.db.updateTable('jobs').set({ deleted_at: at }).where('uuid', '=', uuid).execute();
  }
}

function toJob(row: JobRow): Job {
  return {
    uuid: row.uuid,
    companyUuid: row.company_uuid,
    title: row.title,
    description: row.description,
    status: row.status,
    locationUuid: row.location_uuid,
    locationAddress: row.location_address,
    place: placeOf(row),
    createdBy: row.created_by,
    statusUpdatedBy: row.status_updated_by,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    statusUpdatedAt: row.status_updated_at,
    openInterview: row.open_interview && openInterviewOf(row.open_interview),
    video: row.video && videoOf(row.video),
  };
}

function storedVideo(video: JobVideo | null): string | null {
  if (!video) return null;
  const stored: StoredJobVideo = {
    uuid: video.uuid,
    storage_key: video.storageKey,
    content_type: video.contentType,
    size: video.size,
    duration_seconds: video.durationSeconds,
    created_at: video.createdAt.toISOString(),
    captions: video.captions && {
      uuid: video.captions.uuid,
      storage_key: video.captions.storageKey,
      size: video.captions.size,
      created_at: video.captions.createdAt.toISOString(),
    },
  };
  return JSON.stringify(stored);
}

function videoOf(stored: StoredJobVideo): JobVideo {
  return {
    uuid: stored.uuid,
    storageKey: stored.storage_key,
    contentType: stored.content_type,
    size: stored.size,
    durationSeconds: stored.duration_seconds,
    createdAt: new Date(stored.created_at),
    captions: stored.captions
      ? { uuid: stored.captions.uuid, storageKey: stored.captions.storage_key, size: stored.captions.size, createdAt: new Date(stored.captions.created_at) }
      : null,
  };
}

function storedOpenInterview(open: OpenInterview | null): string | null {
  if (!open) return null;
  const stored: StoredOpenInterview = {
    uuid: open.uuid,
    status: open.status,
    expires_at: open.expiresAt.toISOString(),
    created_by: open.createdBy,
    applications_per_day: open.applicationsPerDay,
    questions: open.questions.map((q) => ({ uuid: q.uuid, text: q.text, time_limit: q.timeLimit, takes: q.takes, think_time: q.thinkTime })),
  };
  return JSON.stringify(stored);
}

function openInterviewOf(stored: StoredOpenInterview): OpenInterview {
  return {
    uuid: stored.uuid,
    status: stored.status,
    expiresAt: new Date(stored.expires_at),
    createdBy: stored.created_by,
    applicationsPerDay: stored.applications_per_day ?? DEFAULT_APPLICATIONS_PER_DAY,
    questions: stored.questions.map((q) => ({ uuid: q.uuid, text: q.text, timeLimit: q.time_limit, takes: q.takes, thinkTime: q.think_time })),
  };
}

function placeColumns(
  place: LocationInput | null,
): Pick<JobsDatabase['jobs'], 'location_city' | 'location_state' | 'location_country' | 'work_mode' | 'work_place'> {
  return {
    location_city: place?.kind === 'address' ? place.city : null,
    location_state: place?.kind === 'address' ? place.state : null,
    location_country: place?.kind === 'address' ? place.country : null,
    work_mode: place?.kind === 'locality' ? place.workMode : null,
    work_place: place?.kind === 'locality' ? place.workPlace : null,
  };
}

function placeOf(row: ReturnType<typeof placeColumns>): LocationInput | null {
  if (row.location_country !== null) return { kind: 'address', city: row.location_city ?? '', state: row.location_state ?? '', country: row.location_country };
  if (row.work_mode !== null) return { kind: 'locality', workMode: row.work_mode as 'remote' | 'on_site' | 'hybrid', workPlace: row.work_place ?? '' };
  return null;
}
