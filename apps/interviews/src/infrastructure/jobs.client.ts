import { credentials } from '@grpc/grpc-js';
import { jobs } from '@vi/contracts';
import { AppError, ErrorKind } from '@vi/platform-errors';
import { UPSTREAM_CHANNEL_OPTIONS, UpstreamClient, type Caller, type PrincipalTokens, type ServicePrincipal } from '@vi/platform-grpc';
import type { JobsDirectory } from '../application/ports';

/** Interviews calling on its own behalf: what it asks is not the user's to see (a job seeker cannot read jobs). */
const INTERVIEWS_SERVICE: ServicePrincipal = { kind: 'service', service: 'interviews' };

/** Jobs over gRPC: a job the caller cannot see is simply not found. */
export class GrpcJobsDirectory implements JobsDirectory {
  private readonly upstream: UpstreamClient<jobs.JobsServiceClient>;

  constructor(address: string, tokens: PrincipalTokens) {
    this.upstream = new UpstreamClient('jobs', new jobs.JobsServiceClient(address, credentials.createInsecure(), UPSTREAM_CHANNEL_OPTIONS), tokens);
  }

  async findJob(caller: Caller, jobUuid: string) {
    try {
      return await this.upstream.call((c) => c.getJob, { job_uuid: jobUuid }, { ...caller, idempotent: true });
    } catch (error) {
      if (error instanceof AppError && error.kind === ErrorKind.NotFound) return undefined;
      throw error;
    }
  }

  async jobStatus(caller: Caller, job: { companyUuid: string; jobUuid: string }) {
    const ref = { company_uuid: job.companyUuid, job_uuid: job.jobUuid };
    return (await this.upstream.call((c) => c.getJobStatus, ref, { principal: INTERVIEWS_SERVICE, deadline: caller.deadline, idempotent: true })).status;
  }

  close(): void {
    this.upstream.close();
  }
}
