import { credentials } from '@grpc/grpc-js';
import { jobs } from '@vi/contracts';
import { UPSTREAM_CHANNEL_OPTIONS, UpstreamClient, type Caller, type PrincipalTokens } from '@vi/platform-grpc';
import type { JobsDirectory } from '../application/ports';

/** Pages of this many jobs are read to list the tests. */
const PAGE = 100;

/** Jobs over gRPC, as the caller: a job the caller cannot see is jobs' own 404, passed on as it came. */
export class GrpcJobsDirectory implements JobsDirectory {
  private readonly upstream: UpstreamClient<jobs.JobsServiceClient>;

  constructor(address: string, tokens: PrincipalTokens) {
    this.upstream = new UpstreamClient('jobs', new jobs.JobsServiceClient(address, credentials.createInsecure(), UPSTREAM_CHANNEL_OPTIONS), tokens);
  }

  async activeJobsWithOpenInterview(caller: Caller): Promise<Array<{ uuid: string; title: string }>> {
    const found: Array<{ uuid: string; title: string }> = [];
    for (let from = 0; ; from += PAGE) {
      const page = await this.upstream.call(
        (c) => c.listJobs,
        { statuses: ['active'], orderby: 'title_asc', range_from: from, range_to: from + PAGE - 1 },
        { ...caller, idempotent: true },
      );
      const items = JSON.parse(Buffer.from(page.items_json).toString('utf8')) as Array<{ uuid: string; title: string; open_interview: unknown }>;
      found.push(...items.filter((job) => job.open_interview !== null).map((job) => ({ uuid: job.uuid, title: job.title })));
      if (items.length < PAGE || from + PAGE >= page.total) return found;
    }
  }

  job(caller: Caller, jobUuid: string): Promise<jobs.Job> {
    return this.upstream.call((c) => c.getJob, { job_uuid: jobUuid }, { ...caller, idempotent: true });
  }

  close(): void {
    this.upstream.close();
  }
}
