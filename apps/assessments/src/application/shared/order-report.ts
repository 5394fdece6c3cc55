import type { OrderReport } from '../../domain/ats/adapter';
import { scoreOf, type Order } from '../../domain/order';
import { AssessmentsError, AssessmentsErrorCode } from '../../domain/assessments.errors';
import type { EvaluationsPort, InterviewsPort, SharingPort } from '../ports';

export interface ReportDeps {
  interviews: Pick<InterviewsPort, 'interview'>;
  evaluations: EvaluationsPort;
  sharing: SharingPort;
}

/** The recommendation most submitted evaluations give (the first listed on a tie); null without any. */
function topRecommendation(counts: Record<string, number>): string | null {
  let best: string | null = null;
  for (const [name, count] of Object.entries(counts)) if (count > 0 && (best === null || count > counts[best])) best = name;
  return best;
}

/**
 * What an ATS is told of an order now, read from its owners at the moment (decision 071): the interview's status and
 * answers (interviews), the score (evaluations, else the rating), and once completed the answers' share link (sharing).
 */
export async function orderReport(deps: ReportDeps, order: Order): Promise<OrderReport> {
  const interview = await deps.interviews.interview(order.companyUuid, order.interviewUuid);
  if (!interview) throw new AssessmentsError(AssessmentsErrorCode.OrderNotFound);
  const completed = interview.status === 'completed';
  const [summary, profileUrl] = await Promise.all([
    deps.evaluations.summary(order.companyUuid, order.interviewUuid),
    completed ? deps.sharing.profileUrl(order.companyUuid, order.interviewUuid) : Promise.resolve(null),
  ]);
  return {
    interviewStatus: interview.status,
    completedAt: interview.completed_at ?? null,
    questionsAnswered: interview.questions.filter((q) => q.completed).length,
    questionsTotal: interview.questions.length,
    score: scoreOf(summary.overallAverage, interview.rating),
    profileUrl,
    recommendation: topRecommendation(summary.recommendations),
  };
}
