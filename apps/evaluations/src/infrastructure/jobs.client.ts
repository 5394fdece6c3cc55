import { credentials } from '@grpc/grpc-js';
import { jobs } from '@vi/contracts';
import { UPSTREAM_CHANNEL_OPTIONS, UpstreamClient, type Caller, type PrincipalTokens } from '@vi/platform-grpc';
import type { JobsDirectory } from '../application/ports';

/** Jobs over gRPC, as the caller: a job the caller cannot see is jobs' own 404, passed on as it came. */
export class GrpcJobsDirectory implements JobsDirectory {
  private readonly upstream: UpstreamClient<jobs.JobsServiceClient>;

  constructor(address: string, tokens: PrincipalTokens) {
    this.upstream = new UpstreamClient('jobs', new jobs.JobsServiceClient(address, credentials.createInsecure(), UPSTREAM_CHANNEL_OPTIONS), tokens);
  }

  job(caller: Caller, jobUuid: string): Promise<jobs.Job> {
    return this.upstream.call((c) => c.getJob, { job_uuid: jobUuid }, { ...caller, idempotent: true });
  }

  close(): void {
    this.upstream.close();
  }
}
