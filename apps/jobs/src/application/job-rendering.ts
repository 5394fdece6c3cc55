import { jobJson, type jobs, type JobsSubject } from '@vi/contracts';
import { toRfc3339 } from '@vi/platform-time';
import type { Job } from '../domain/job';
import type { Caller, IdentityDirectory } from './identity-directory';

export type Summaries = Awaited<ReturnType<IdentityDirectory['summaries']>>;

/** Jobs as the API shows them, with the names of their users and company from identity (one call). */
export async function renderJobs(identity: IdentityDirectory, caller: Caller, list: Job[]): Promise<jobs.Job[]> {
  if (list.length === 0) return [];
  const summaries = await identity.summaries(
    caller,
    list.flatMap((j) => [j.createdBy, j.statusUpdatedBy]),
    list.map((j) => j.companyUuid),
  );
  return list.map((job) => renderWith(summaries, job));
}

/**
 * Renders with summaries fetched beforehand, so that a transaction holding
 * locks never waits on another service.
 */
export function renderWith({ users, companies }: Summaries, job: Job): jobs.Job {
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
  };
}

export async function renderJob(identity: IdentityDirectory, caller: Caller, job: Job): Promise<jobs.Job> {
  return (await renderJobs(identity, caller, [job]))[0];
}

/**
 * The summaries a job needs, completed when the job changed since they were
 * fetched (another user changed its status meanwhile): a rare extra call.
 */
export async function completeSummaries(identity: IdentityDirectory, caller: Caller, summaries: Summaries, job: Job): Promise<Summaries> {
  const missing = [job.createdBy, job.statusUpdatedBy].filter((uuid) => !summaries.users.has(uuid));
  if (missing.length === 0) return summaries;
  const more = await identity.summaries(caller, missing, []);
  return { users: new Map([...summaries.users, ...more.users]), companies: summaries.companies };
}

/** A job event: the payload is the job exactly as `GET /jobs/<uuid>` renders it. */
export function jobEvent(subject: JobsSubject, job: jobs.Job) {
  return { subject, payload: jobJson(job, { description: true }) };
}
