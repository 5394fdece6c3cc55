import { credentials } from '@grpc/grpc-js';
import { interviews } from '@vi/contracts';
import { UPSTREAM_CHANNEL_OPTIONS, UpstreamClient, type Caller, type PrincipalTokens } from '@vi/platform-grpc';
import { toRfc3339 } from '@vi/platform-time';
import { ASSESSMENTS_SERVICE, type InterviewsPort, type NewInterview } from '../application/ports';

/** Interviews over gRPC: created and canceled as the company user; read without takes as the service (decision 071). */
export class GrpcInterviews implements InterviewsPort {
  private readonly interviews: UpstreamClient<interviews.InterviewsServiceClient>;
  private readonly shared: UpstreamClient<interviews.SharedInterviewsServiceClient>;

  constructor(address: string, tokens: PrincipalTokens) {
    const insecure = credentials.createInsecure();
    this.interviews = new UpstreamClient('interviews', new interviews.InterviewsServiceClient(address, insecure, UPSTREAM_CHANNEL_OPTIONS), tokens);
    this.shared = new UpstreamClient('interviews', new interviews.SharedInterviewsServiceClient(address, insecure, UPSTREAM_CHANNEL_OPTIONS), tokens);
  }

  async create(caller: Caller, interview: NewInterview): Promise<void> {
    const { candidate } = interview;
    await this.interviews.call(
      (c) => c.createInterviews,
      {
        type: 'one_way',
        scheduled_at: toRfc3339(interview.scheduledAt),
        assigned_to: [{ name: candidate.name, email: candidate.email, phone: candidate.phone ?? undefined }],
        email_message: '',
        job_uuid: interview.jobUuid,
        questions: interview.questions.map((q) => ({ text: q.text, time_limit: q.timeLimit, takes: q.takes, think_time: q.thinkTime })),
        timezone: 'UTC',
        has_sms_consent: false,
        language: interview.language,
        interview_uuid: interview.uuid,
        source: { type: interview.source.type, external_id: interview.source.externalId ?? undefined },
      },
      // Asking again under the same uuid answers the interview it made and sends nothing (decision 063).
      { ...caller, idempotent: true },
    );
  }

  async cancel(caller: Caller, interviewUuid: string): Promise<void> {
    await this.interviews.call((c) => c.updateInterview, { interview_uuid: interviewUuid, status: 'canceled' }, { ...caller, idempotent: false });
  }

  async interview(companyUuid: string, interviewUuid: string): Promise<interviews.Interview | undefined> {
    const request = { company_uuid: companyUuid, interview_uuids: [interviewUuid], with_takes: false };
    const found = await this.shared.call((c) => c.getSharedInterviews, request, { principal: ASSESSMENTS_SERVICE, idempotent: true });
    return found.interviews[0]?.interview;
  }

  close(): void {
    this.interviews.close();
    this.shared.close();
  }
}
