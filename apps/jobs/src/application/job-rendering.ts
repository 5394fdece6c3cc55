import { jobJson, type jobs, type JobsSubject } from '@vi/contracts';
import { toRfc3339 } from '@vi/platform-time';
import type { Caller } from '@vi/platform-grpc';
import type { Job } from '../domain/job';
import type { JobVideo } from '../domain/job-video';
import type { OpenInterview } from '../domain/job';
import type { IdentityDirectory, JobLinks } from './ports';

export type Summaries = Awaited<ReturnType<IdentityDirectory['summaries']>>;

/** Jobs as the API shows them, with the names of their users and company from identity (one call). */
export async function renderJobs(identity: IdentityDirectory, links: JobLinks, caller: Caller, list: Job[]): Promise<jobs.Job[]> {
  if (list.length === 0) return [];
  const summaries = await identity.summaries(
    caller,
    list.flatMap((j) => [j.createdBy, j.statusUpdatedBy]),
    list.map((j) => j.companyUuid),
  );
  return list.map((job) => renderWith(summaries, links, job));
}

/**
 * Renders with summaries fetched beforehand, so that a transaction holding
 * locks never waits on another service.
 */
export function renderWith({ users, companies }: Summaries, links: JobLinks, job: Job): jobs.Job {
  return {
    uuid: job.uuid,
    status: job.status,
    title: job.title,
    description: job.description,
    created_at: toRfc3339(job.createdAt),
    updated_at: toRfc3339(job.updatedAt),
    status_updated_at: toRfc3339(job.statusUpdatedAt),
    created_by: users.get(job.createdBy),
    status_updated_by: users.get(job.statusUpdatedBy),
    company: companies.get(job.companyUuid),
    location: { uuid: job.locationUuid, formatted_address: job.locationAddress },
    address: job.place?.kind === 'address' ? { city: job.place.city, state: job.place.state, country: job.place.country } : undefined,
    locality: job.place?.kind === 'locality' ? { work_mode: job.place.workMode, work_place: job.place.workPlace } : undefined,
    open_interview: job.openInterview ? renderOpenInterview(links, job.openInterview) : undefined,
    video: job.video ? renderJobVideo(links, job.video) : undefined,
  };
}

export function renderJobVideo(links: JobLinks, video: JobVideo): jobs.JobVideo {
  return {
    uuid: video.uuid,
    url: links.videoUrlOf(video.uuid),
    duration_seconds: video.durationSeconds,
    content_type: video.contentType,
    size: video.size,
    created_at: toRfc3339(video.createdAt),
    captions_url: video.captions ? `${links.videoUrlOf(video.uuid)}/captions` : undefined,
  };
}

function renderOpenInterview(links: JobLinks, open: OpenInterview): jobs.OpenInterview {
  return {
    uuid: open.uuid,
    link: links.linkOf(open.uuid),
    expires_at: toRfc3339(open.expiresAt),
    status: open.status,
    applications_per_day: open.applicationsPerDay,
    questions: open.questions.map((q) => ({ uuid: q.uuid, text: q.text, time_limit: q.timeLimit, takes: q.takes, think_time: q.thinkTime })),
  };
}

export async function renderJob(identity: IdentityDirectory, links: JobLinks, caller: Caller, job: Job): Promise<jobs.Job> {
  return (await renderJobs(identity, links, caller, [job]))[0];
}

/** Thrown inside a transaction when the job changed meanwhile and names a user whose summary was not fetched. */
class SummariesMissing extends Error {
  constructor(readonly users: string[]) {
    super('user summaries missing');
  }
}

/** Renders inside a transaction, or throws SummariesMissing for `withSummaries` to answer outside it. */
export function renderFetched(summaries: Summaries, links: JobLinks, job: Job): jobs.Job {
  const missing = [job.createdBy, job.statusUpdatedBy].filter((uuid) => !summaries.users.has(uuid));
  if (missing.length > 0) throw new SummariesMissing(missing);
  return renderWith(summaries, links, job);
}

/**
 * Runs `work` (a transaction that renders with `renderFetched`); when another
 * user changed the job since the summaries were fetched (rare), fetches the
 * missing ones and runs it again, so identity is never called while the
 * transaction holds its locks (or the embedded database's one connection).
 */
export async function withSummaries<T>(
  identity: IdentityDirectory,
  caller: Caller,
  summaries: Summaries,
  work: (summaries: Summaries) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work(summaries);
    } catch (error) {
      if (!(error instanceof SummariesMissing) || attempt === 3) throw error;
      const more = await identity.summaries(caller, error.users, []);
      summaries = { users: new Map([...summaries.users, ...more.users]), companies: summaries.companies };
    }
  }
}

/** A page of the list: its items travel as the API's JSON, rendered once here (decision 023). */
export function renderJobPage(list: jobs.Job[], total: number): jobs.JobPage {
  const items = list.map((job) => jobJson(job, { description: false }));
  return { total, count: items.length, items_json: Buffer.from(JSON.stringify(items)) };
}

/** A job event: the payload is the job exactly as `GET /jobs/<uuid>` renders it. */
export function jobEvent(subject: JobsSubject, job: jobs.Job) {
  return { subject, payload: jobJson(job, { description: true }) };
}
