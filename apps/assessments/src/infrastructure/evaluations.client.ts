import { credentials } from '@grpc/grpc-js';
import { evaluations } from '@vi/contracts';
import { UPSTREAM_CHANNEL_OPTIONS, UpstreamClient, type PrincipalTokens } from '@vi/platform-grpc';
import { ASSESSMENTS_SERVICE, type EvaluationsPort } from '../application/ports';

/** Evaluations' summaries, as the service `assessments` (the only one allowed, decision 071). */
export class GrpcEvaluations implements EvaluationsPort {
  private readonly upstream: UpstreamClient<evaluations.EvaluationsServiceClient>;

  constructor(address: string, tokens: PrincipalTokens) {
    this.upstream = new UpstreamClient(
      'evaluations',
      new evaluations.EvaluationsServiceClient(address, credentials.createInsecure(), UPSTREAM_CHANNEL_OPTIONS),
      tokens,
    );
  }

  async summary(companyUuid: string, interviewUuid: string) {
    const request = { company_uuid: companyUuid, interview_uuids: [interviewUuid] };
    const { summaries } = await this.upstream.call((c) => c.getEvaluationSummaries, request, { principal: ASSESSMENTS_SERVICE, idempotent: true });
    const summary = summaries.find((s) => s.interview_uuid === interviewUuid);
    return { overallAverage: summary?.overall_average ?? null, recommendations: summary?.recommendations ?? {} };
  }

  close(): void {
    this.upstream.close();
  }
}
