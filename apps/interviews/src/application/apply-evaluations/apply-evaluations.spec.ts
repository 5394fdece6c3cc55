import { EvaluationsSubjects, type DecisionEventPayload, type DecisionJson, type EvaluationEventPayload } from '@vi/contracts';
import { memoryStore } from '@vi/platform-testing';
import { aBusMessage, AT, anInterview } from '../../../test/factories';
import { MemoryInterviews, MemoryProjections } from '../../../test/fakes';
import { applyEvaluationEvent } from './apply-evaluations';

describe("applyEvaluationEvent: the team's verdict projected into the interview (decision 070)", () => {
  const interview = anInterview({ status: 'completed', completedAt: AT });
  const fixture = () => ({ store: memoryStore({ interviews: new MemoryInterviews([interview]), projections: new MemoryProjections() }) });
  const stored = (deps: ReturnType<typeof fixture>) => deps.store.read.interviews.stored(interview.uuid)!.evaluations;
  const counts = (submitted: number, started: number) => ({ evaluations_submitted: submitted, evaluations_started: started });
  const decision = (value: DecisionJson['decision'], decidedAt: string): DecisionJson => ({
    decision: value,
    decided_by: { uuid: '0b1c2d3e-0000-4000-8000-0000000000aa', name: 'Una' },
    decided_at: decidedAt,
  });
  const evaluationEvent = (subject: string, submitted: number, started: number, occurredAt = AT.toISOString()) =>
    aBusMessage(
      subject,
      { interview_uuid: interview.uuid, company_uuid: interview.companyUuid, counts: counts(submitted, started) } as EvaluationEventPayload,
      { occurredAt },
    );
  const decisionEvent = (value: DecisionJson['decision'], decidedAt: string, submitted = 1, started = 1) =>
    aBusMessage<DecisionEventPayload>(EvaluationsSubjects.DecisionMade, {
      interview_uuid: interview.uuid,
      company_uuid: interview.companyUuid,
      counts: counts(submitted, started),
      decision: decision(value, decidedAt),
      notify_candidate: null,
    });

  it('keeps the greater counts, whatever order the events come in, once per event', async () => {
    const deps = fixture();
    await applyEvaluationEvent(deps, evaluationEvent(EvaluationsSubjects.EvaluationStarted, 0, 1));
    await applyEvaluationEvent(deps, evaluationEvent(EvaluationsSubjects.EvaluationSubmitted, 1, 3));
    await applyEvaluationEvent(deps, evaluationEvent(EvaluationsSubjects.EvaluationStarted, 0, 2));
    expect(stored(deps)).toEqual({ decision: null, submitted: 1, started: 3 });
  });

  it('replaces the decision by one not older, and keeps a newer one against a late event', async () => {
    const deps = fixture();
    await applyEvaluationEvent(deps, decisionEvent('hold', '2026-03-02T10:00:00+00:00'));
    await applyEvaluationEvent(deps, decisionEvent('reject', '2026-03-02T11:00:00+00:00', 2, 2));
    await applyEvaluationEvent(deps, decisionEvent('advance', '2026-03-02T10:30:00+00:00'));
    expect(stored(deps)).toEqual({ decision: decision('reject', '2026-03-02T11:00:00+00:00'), submitted: 2, started: 2 });
  });

  it('leaves out an event published before the interview was last reset, and a deleted interview', async () => {
    const deps = fixture();
    await deps.store.read.interviews.clearEvaluations(interview.uuid, new Date(AT.getTime() + 60_000));
    await applyEvaluationEvent(deps, evaluationEvent(EvaluationsSubjects.EvaluationSubmitted, 1, 1, AT.toISOString()));
    expect(stored(deps)).toEqual({ decision: null, submitted: 0, started: 0 });
    await applyEvaluationEvent(deps, evaluationEvent(EvaluationsSubjects.EvaluationStarted, 0, 1, new Date(AT.getTime() + 120_000).toISOString()));
    expect(stored(deps)).toEqual({ decision: null, submitted: 0, started: 1 });

    await deps.store.read.interviews.markDeleted(interview.uuid, AT);
    await applyEvaluationEvent(deps, decisionEvent('advance', '2026-03-02T12:00:00+00:00'));
    expect(stored(deps).decision).toBeNull();
  });
});
