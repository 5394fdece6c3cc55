import type { jobs } from '@vi/contracts';
import { callerOf, type UnaryHandlers } from '@vi/platform-grpc';
import type { Clock } from '@vi/platform-time';
import { createJob } from '../../application/create-job/create-job';
import { deleteJob } from '../../application/delete-job/delete-job';
import { getJob } from '../../application/get-job/get-job';
import { getJobSlots } from '../../application/get-job-slots/get-job-slots';
import { getJobStatus } from '../../application/get-job-status/get-job-status';
import type { IdentityDirectory, JobPageCache } from '../../application/ports';
import { listJobs } from '../../application/list-jobs/list-jobs';
import { updateJob } from '../../application/update-job/update-job';
import type { JobOrder, JobStatus } from '../../domain/job';
import type { LocationInput } from '../../domain/location';
import type { JobsStore } from '../../application/store';

export interface JobsGrpcDeps {
  store: JobsStore;
  identity: IdentityDirectory;
  pages: JobPageCache;
  clock: Clock;
}

/** The gateway has validated shapes; this maps the message onto the domain's location. */
function locationOf(location?: jobs.Location, locality?: jobs.Locality): LocationInput | undefined {
  if (location) return { kind: 'address', city: location.city, state: location.state, country: location.country };
  if (locality) return { kind: 'locality', workMode: locality.work_mode as 'remote' | 'on_site' | 'hybrid', workPlace: locality.work_place };
  return undefined;
}

/** Transport only: request → use case → response message. */
export function jobsGrpcHandlers(deps: JobsGrpcDeps): UnaryHandlers<typeof jobs.JobsServiceService> {
  return {
    listJobs: async (req, ctx) =>
      listJobs(deps, callerOf(ctx), {
        statuses: req.statuses as JobStatus[],
        orderBy: req.orderby as JobOrder,
        rangeFrom: req.range_from,
        rangeTo: req.range_to,
      }),
    getJob: async (req, ctx) => getJob(deps, callerOf(ctx), req.job_uuid),
    createJob: async (req, ctx) =>
      createJob(deps, callerOf(ctx), {
        title: req.title,
        description: req.description,
        status: req.status as JobStatus,
        location: locationOf(req.location, req.locality)!,
      }),
    updateJob: async (req, ctx) =>
      updateJob(deps, callerOf(ctx), {
        jobUuid: req.job_uuid,
        title: req.title,
        description: req.description,
        status: req.status as JobStatus | undefined,
        location: locationOf(req.location, req.locality),
      }),
    deleteJob: async (req, ctx) => deleteJob(deps, callerOf(ctx), req.job_uuid),
    getJobSlots: async (_req, ctx) => getJobSlots(deps, callerOf(ctx)),
    getJobStatus: async (req, ctx) => getJobStatus(deps, ctx.principal, { companyUuid: req.company_uuid, jobUuid: req.job_uuid }),
  };
}
