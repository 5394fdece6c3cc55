import { credentials } from '@grpc/grpc-js';
import { interviews } from '@vi/contracts';
import { UPSTREAM_CHANNEL_OPTIONS, UpstreamClient, type Caller, type Principal, type PrincipalTokens } from '@vi/platform-grpc';
import type { InterviewsDirectory } from '../application/ports';

/** Interviews over gRPC (never its schema): interviews with their takes and ended recordings, as they are now. */
export class GrpcInterviewsDirectory implements InterviewsDirectory {
  private readonly upstream: UpstreamClient<interviews.SharedInterviewsServiceClient>;

  constructor(address: string, tokens: PrincipalTokens) {
    this.upstream = new UpstreamClient(
      'interviews',
      new interviews.SharedInterviewsServiceClient(address, credentials.createInsecure(), UPSTREAM_CHANNEL_OPTIONS),
      tokens,
    );
  }

  async sharedInterviews(caller: Caller<Principal>, companyUuid: string, interviewUuids: string[]) {
    if (interviewUuids.length === 0) return [];
    const request = { company_uuid: companyUuid, interview_uuids: interviewUuids, with_takes: true };
    return (await this.upstream.call((c) => c.getSharedInterviews, request, { ...caller, idempotent: true })).interviews;
  }

  close(): void {
    this.upstream.close();
  }
}
