import { credentials } from '@grpc/grpc-js';
import { identity, jobs } from '@vi/contracts';
import { AppError, ErrorKind } from '@vi/platform-errors';
import { UPSTREAM_CHANNEL_OPTIONS, UpstreamClient, type PrincipalTokens, type ServicePrincipal } from '@vi/platform-grpc';
import type { Caller, IdentityDirectory, JobsDirectory } from '../application/directories';

/** Identity over gRPC, as the user the request acts for, within its deadline. */
export class GrpcIdentityDirectory implements IdentityDirectory {
  private readonly upstream: UpstreamClient<identity.IdentityServiceClient>;

  constructor(address: string, tokens: PrincipalTokens) {
    this.upstream = new UpstreamClient('identity', new identity.IdentityServiceClient(address, credentials.createInsecure(), UPSTREAM_CHANNEL_OPTIONS), tokens);
  }

  ensureJobSeeker(caller: Caller, assignee: { name: string; email: string }) {
    // Idempotent on the email, so it may be retried like a read.
    return this.upstream.call((c) => c.ensureJobSeeker, assignee, { ...caller, idempotent: true });
  }

  async planFeatures(caller: Caller, companyUuid: string) {
    return (await this.upstream.call((c) => c.getCompanyPlan, { company_uuid: companyUuid }, { ...caller, idempotent: true })).features;
  }

  summaries(caller: Caller, userUuids: string[], companyUuids: string[]) {
    return this.upstream.call((c) => c.getSummaries, { user_uuids: userUuids, company_uuids: companyUuids }, { ...caller, idempotent: true });
  }

  close(): void {
    this.upstream.close();
  }
}

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
