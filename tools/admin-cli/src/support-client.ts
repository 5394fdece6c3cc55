import { credentials } from '@grpc/grpc-js';
import { interviews } from '@vi/contracts';
import { PrincipalTokens, UpstreamClient } from '@vi/platform-grpc';

const SUPPORT = { kind: 'service', service: 'admin-cli' } as const;

/** Customer support calls to the interviews service over gRPC (its interviews and candidate services), signed as a service principal. */
export class SupportClient {
  private readonly interviews: UpstreamClient<interviews.InterviewsServiceClient>;
  private readonly candidates: UpstreamClient<interviews.CandidateInterviewsServiceClient>;

  constructor(address: string, internalJwtSecret: string) {
    const tokens = new PrincipalTokens(internalJwtSecret);
    const insecure = credentials.createInsecure();
    this.interviews = new UpstreamClient('interviews', new interviews.InterviewsServiceClient(address, insecure), tokens, { defaultDeadlineMs: 15_000 });
    this.candidates = new UpstreamClient('interviews', new interviews.CandidateInterviewsServiceClient(address, insecure), tokens, {
      defaultDeadlineMs: 15_000,
    });
  }

  /** Starts an interview over (InterviewReset); `scheduledAt` is an RFC 3339 due time. */
  resetInterview(interviewUuid: string, scheduledAt?: string): Promise<interviews.Interview> {
    return this.interviews.call((c) => c.resetInterview, { interview_uuid: interviewUuid, scheduled_at: scheduledAt }, { principal: SUPPORT });
  }

  /** Erases a job seeker's takes, videos and personal fields and deletes their interviews; returns every interview of theirs. */
  async eraseCandidate(candidate: { uuid: string; name: string; email: string }): Promise<string[]> {
    const erased = await this.candidates.call(
      (c) => c.eraseCandidate,
      { candidate_uuid: candidate.uuid, erased_name: candidate.name, erased_email: candidate.email },
      { principal: SUPPORT },
    );
    return erased.interview_uuids;
  }

  close(): void {
    this.interviews.close();
    this.candidates.close();
  }
}
