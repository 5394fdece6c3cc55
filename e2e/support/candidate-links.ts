import { credentials } from '@grpc/grpc-js';
import { interviews } from '@vi/contracts';
import { PrincipalTokens, UpstreamClient } from '@vi/platform-grpc';

/**
 * A job seeker's invitation link as the notifications service gets it when it sends the invitation: no event or
 * row holds one (decision 018), so tests that act as the job seeker ask interviews for a fresh one the same way.
 */
export class CandidateLinkIssuer {
  private readonly upstream: UpstreamClient<interviews.CandidateInterviewsServiceClient>;

  constructor(interviewsAddress: string, internalJwtSecret: string) {
    this.upstream = new UpstreamClient(
      'interviews',
      new interviews.CandidateInterviewsServiceClient(interviewsAddress, credentials.createInsecure()),
      new PrincipalTokens(internalJwtSecret),
    );
  }

  async url(interviewUuid: string): Promise<string> {
    return (
      await this.upstream.call((c) => c.issueCandidateLink, { interview_uuid: interviewUuid }, { principal: { kind: 'service', service: 'notifications' } })
    ).url;
  }

  async token(interviewUuid: string): Promise<string> {
    return new URL(await this.url(interviewUuid)).searchParams.get('token')!;
  }

  close(): void {
    this.upstream.close();
  }
}
