import type { CandidateNotice, interviews } from '@vi/contracts';
import type { Decision, DecisionInput } from '../../domain/decision';
import { decisionEvent } from '../evaluation-rendering';
import type { EvaluationsRepositories } from '../store';

/** Inside a transaction: saves the decision and publishes InterviewDecided with the interview's counts. */
export async function recordDecision(
  tx: Pick<EvaluationsRepositories, 'decisions' | 'evaluations'> & { publish(events: ReturnType<typeof decisionEvent>[]): Promise<void> },
  decision: Decision,
  shared: interviews.SharedInterview,
  input: DecisionInput,
): Promise<void> {
  await tx.decisions.save(decision);
  await tx.publish([decisionEvent(decision, await tx.evaluations.counts(decision.interviewUuid), candidateNotice(decision, shared, input))]);
}

/** A reject the company asked to tell the candidate of: what notifications needs to write to them (never in a webhook). */
function candidateNotice(decision: Decision, shared: interviews.SharedInterview, input: DecisionInput): CandidateNotice | null {
  const candidate = shared.interview?.assigned_to;
  if (decision.decision !== 'reject' || !input.notifyCandidate || !candidate?.email) return null;
  return {
    name: candidate.name,
    email: candidate.email,
    language: shared.interview?.language || 'en',
    company_name: shared.interview?.company?.name ?? '',
    job_title: shared.interview?.job_post?.title ?? null,
    message: input.message?.trim() || null,
  };
}
