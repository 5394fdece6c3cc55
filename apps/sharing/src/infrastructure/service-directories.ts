import { credentials } from '@grpc/grpc-js';
import { identity, interviews } from '@vi/contracts';
import { UPSTREAM_CHANNEL_OPTIONS, UpstreamClient, type PrincipalTokens } from '@vi/platform-grpc';
import type { Caller, IdentityDirectory, InterviewsDirectory } from '../application/directories';

/** Identity over gRPC, as the caller (a company user, or this service for a reviewer), within its deadline. */
export class GrpcIdentityDirectory implements IdentityDirectory {
  private readonly upstream: UpstreamClient<identity.IdentityServiceClient>;

  constructor(address: string, tokens: PrincipalTokens) {
    this.upstream = new UpstreamClient('identity', new identity.IdentityServiceClient(address, credentials.createInsecure(), UPSTREAM_CHANNEL_OPTIONS), tokens);
  }

  async planFeatures(caller: Caller, companyUuid: string): Promise<Record<string, boolean>> {
    return (await this.upstream.call((c) => c.getCompanyPlan, { company_uuid: companyUuid }, { ...caller, idempotent: true })).features;
  }

  async summaries(caller: Caller, userUuids: string[], companyUuids: string[]) {
    const found = await this.upstream.call((c) => c.getSummaries, { user_uuids: userUuids, company_uuids: companyUuids }, { ...caller, idempotent: true });
    return { users: new Map(found.users.map((u) => [u.uuid, u])), companies: new Map(found.companies.map((c) => [c.uuid, c])) };
  }

  close(): void {
    this.upstream.close();
  }
}

/** Interviews over gRPC: sharing reads interviews only through these calls, never from their schema. */
export class GrpcInterviewsDirectory implements InterviewsDirectory {
  private readonly upstream: UpstreamClient<interviews.InterviewsServiceClient>;

  constructor(address: string, tokens: PrincipalTokens) {
    this.upstream = new UpstreamClient(
      'interviews',
      new interviews.InterviewsServiceClient(address, credentials.createInsecure(), UPSTREAM_CHANNEL_OPTIONS),
      tokens,
    );
  }

  async sharedInterviews(caller: Caller, companyUuid: string, interviewUuids: string[], withTakes: boolean) {
    if (interviewUuids.length === 0) return [];
    const request = { company_uuid: companyUuid, interview_uuids: interviewUuids, with_takes: withTakes };
    return (await this.upstream.call((c) => c.getSharedInterviews, request, { ...caller, idempotent: true })).interviews;
  }

  streamTakeVideo(caller: Caller, request: interviews.SharedTakeVideoRequest) {
    return this.upstream.serverStream((c) => c.streamSharedTakeVideo, request, caller);
  }

  streamRecordingVideo(caller: Caller, request: interviews.SharedRecordingVideoRequest) {
    return this.upstream.serverStream((c) => c.streamSharedRecordingVideo, request, caller);
  }

  close(): void {
    this.upstream.close();
  }
}
