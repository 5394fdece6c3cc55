import { EvaluationsSubjects, type DecisionEventPayload, type EvaluationEventPayload } from '@vi/contracts';
import type { BusMessage, StoreOf } from '@vi/platform-bus';
import type { InterviewsStore } from '../store';

/**
 * Projects the hiring team's verdict into the interview (decision 070): the counts every evaluations event carries,
 * and the decision of `evaluations.decision.made`, so that the interview's renderings (one, a page, events) show
 * `decision`, `evaluations_submitted` and `evaluations_started` from its own row. Idempotent on the event id; the
 * repository keeps the greater counts and the newer decision, whatever order the events come in. It publishes no
 * interview event and leaves `updated_at` as it is: the interview did not change, the team's view of it did, and
 * webhooks hear of that as EvaluationSubmitted and InterviewDecided.
 */
export async function applyEvaluationEvent(deps: { store: StoreOf<InterviewsStore, 'projections' | 'interviews'> }, message: BusMessage): Promise<void> {
  const payload = message.payload as EvaluationEventPayload | DecisionEventPayload;
  if (!payload.interview_uuid || !payload.counts) return;
  const decision = message.subject === EvaluationsSubjects.DecisionMade ? (payload as DecisionEventPayload).decision : null;
  await deps.store.transaction(async (tx) => {
    if (!(await tx.projections.markProcessed(message.id))) return;
    await tx.interviews.applyEvaluations(payload.interview_uuid, { counts: payload.counts, decision, occurredAt: new Date(message.occurredAt) });
  });
}

export const EVALUATION_SUBJECTS = [EvaluationsSubjects.EvaluationStarted, EvaluationsSubjects.EvaluationSubmitted, EvaluationsSubjects.DecisionMade];
