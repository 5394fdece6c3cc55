import { credentials } from '@grpc/grpc-js';
import { interviews } from '@vi/contracts';
import { UPSTREAM_CHANNEL_OPTIONS, UpstreamClient, type Caller, type Principal, type PrincipalTokens, type UserPrincipal } from '@vi/platform-grpc';
import { toRfc3339 } from '@vi/platform-time';
import type { ApplicantInterview, InterviewsDirectory } from '../application/ports';

/** Interviews over gRPC: an open interview's applicant gets their interview from the same use case as any other (decision 045). */
export class GrpcInterviewsDirectory implements InterviewsDirectory {
  private readonly upstream: UpstreamClient<interviews.InterviewsServiceClient>;

  constructor(address: string, tokens: PrincipalTokens) {
    this.upstream = new UpstreamClient(
      'interviews',
      new interviews.InterviewsServiceClient(address, credentials.createInsecure(), UPSTREAM_CHANNEL_OPTIONS),
      tokens,
    );
  }

  async createInterview(creator: Caller<UserPrincipal>, request: ApplicantInterview): Promise<string> {
    const { applicant } = request;
    const created = await this.upstream.call(
      (c) => c.createInterviews,
      {
        type: 'one_way',
        scheduled_at: toRfc3339(request.scheduledAt),
        assigned_to: [{ name: applicant.name, email: applicant.email, phone: applicant.phone, phone_parsed: applicant.phoneParsed }],
        email_message: '',
        job_uuid: request.jobUuid,
        questions: request.questions.map((q) => ({ text: q.text, time_limit: q.timeLimit, takes: q.takes, think_time: q.thinkTime })),
        timezone: 'UTC',
        has_sms_consent: applicant.hasSmsConsent,
        language: applicant.language,
        interview_uuid: request.interviewUuid,
        source: { type: 'open_interview' },
      },
      // Not repeated here: a repeat application asks again, under the same uuid (decision 063).
      { ...creator, idempotent: false },
    );
    return created.interview_uuids[0];
  }

  async resendInvitation(caller: Caller<Principal>, interviewUuid: string): Promise<void> {
    await this.upstream.call((c) => c.resendInvitation, { interview_uuid: interviewUuid }, { ...caller, idempotent: false });
  }

  close(): void {
    this.upstream.close();
  }
}
