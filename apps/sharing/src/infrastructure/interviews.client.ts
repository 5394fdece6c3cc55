import { credentials } from '@grpc/grpc-js';
import { interviews } from '@vi/contracts';
import { UPSTREAM_CHANNEL_OPTIONS, UpstreamClient, type Caller, type Principal, type PrincipalTokens } from '@vi/platform-grpc';
import type { InterviewsDirectory } from '../application/ports';

/** Interviews over gRPC: sharing reads interviews only through these calls, never from their schema. */
export class GrpcInterviewsDirectory implements InterviewsDirectory {
  private readonly upstream: UpstreamClient<interviews.SharedInterviewsServiceClient>;

  constructor(address: string, tokens: PrincipalTokens) {
    this.upstream = new UpstreamClient(
      'interviews',
      new interviews.SharedInterviewsServiceClient(address, credentials.createInsecure(), UPSTREAM_CHANNEL_OPTIONS),
      tokens,
    );
  }

  async sharedInterviews(caller: Caller<Principal>, companyUuid: string, interviewUuids: string[], withTakes: boolean) {
    if (interviewUuids.length === 0) return [];
    const request = { company_uuid: companyUuid, interview_uuids: interviewUuids, with_takes: withTakes };
    return (await this.upstream.call((c) => c.getSharedInterviews, request, { ...caller, idempotent: true })).interviews;
  }

  streamTakeVideo(caller: Caller<Principal>, request: interviews.SharedTakeVideoRequest) {
    return this.upstream.serverStream((c) => c.streamSharedTakeVideo, request, caller);
  }

  streamRecordingVideo(caller: Caller<Principal>, request: interviews.SharedRecordingVideoRequest) {
    return this.upstream.serverStream((c) => c.streamSharedRecordingVideo, request, caller);
  }

  close(): void {
    this.upstream.close();
  }
}
