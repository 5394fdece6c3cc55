import type { DecisionEventPayload } from '@vi/contracts';
import { aCompanyUser, anEvaluableInterview } from '../../../test/factories';
import { evaluationsWorld } from '../../../test/fakes';
import type { DecisionInput } from '../../domain/decision';
import { decide } from './decide';

describe('decide', () => {
  let world: ReturnType<typeof evaluationsWorld>;
  const interviewUuid = () => world.interview.interview!.uuid;
  const sut = (input: Partial<DecisionInput>, principal = world.standard, uuid = interviewUuid()) =>
    decide(world, { principal }, uuid, { decision: 'advance', notifyCandidate: false, ...input });

  beforeEach(() => {
    world = evaluationsWorld();
  });

  it('records any company user’s decision now and publishes InterviewDecided without the candidate', async () => {
    const decision = await sut({});
    expect(decision).toEqual({
      decision: 'advance',
      decided_by: { uuid: world.standard.userUuid, name: 'Sam Standard' },
      decided_at: '2026-03-01T10:00:00+00:00',
    });
    expect(world.store.published).toEqual([
      {
        subject: 'evaluations.decision.made',
        payload: {
          interview_uuid: interviewUuid(),
          company_uuid: world.company,
          counts: { evaluations_submitted: 0, evaluations_started: 0 },
          decision,
          notify_candidate: null,
        } satisfies DecisionEventPayload,
      },
    ]);
  });

  it('replaces the decision before; a reject told to the candidate carries their address, language and the message', async () => {
    await sut({});
    world.clock.advance(60_000);
    await sut({ decision: 'reject', notifyCandidate: true, message: ' Thank you for your time. ' }, world.admin);
    expect(await world.decisions.find(world.company, interviewUuid())).toMatchObject({ decision: 'reject', decidedAt: new Date('2026-03-01T10:01:00Z') });
    expect((world.store.published[1].payload as DecisionEventPayload).notify_candidate).toEqual({
      name: 'Cara Candidate',
      email: 'cara@candidates.example',
      language: 'fr',
      company_name: 'Acme',
      job_title: 'Engineer',
      message: 'Thank you for your time.',
    });
    await sut({ decision: 'hold', notifyCandidate: true });
    expect((world.store.published[2].payload as DecisionEventPayload).notify_candidate).toBeNull();
  });

  it('is 400 for a decision outside the vocabulary or a message too long, 409 on an interview not evaluable, 404 elsewhere', async () => {
    await expect(sut({ decision: 'maybe', message: 'x'.repeat(2001) })).rejects.toMatchObject({
      code: 'api.validation_failed',
      fieldErrors: [{ field: 'decision' }, { field: 'message' }],
    });
    const requested = world.interviews.put(world.company, anEvaluableInterview({ status: 'requested' }));
    await expect(sut({}, world.standard, requested.interview!.uuid)).rejects.toMatchObject({ code: 'api.interview_not_evaluable' });
    await expect(sut({}, aCompanyUser())).rejects.toMatchObject({ code: 'api.interview_not_found' });
    expect(world.store.published).toEqual([]);
  });
});
