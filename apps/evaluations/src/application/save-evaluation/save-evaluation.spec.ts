import type { EvaluationEventPayload } from '@vi/contracts';
import { aReviewer, aScorecard } from '../../../test/factories';
import { evaluationsWorld } from '../../../test/fakes';
import type { EvaluationChanges } from '../../domain/evaluation';
import { saveEvaluation } from './save-evaluation';
import { submitEvaluation } from '../submit-evaluation/submit-evaluation';

describe('saveEvaluation', () => {
  let world: ReturnType<typeof evaluationsWorld>;
  let card: ReturnType<typeof aScorecard>;
  const sut = (changes: EvaluationChanges, principal = world.standard) =>
    saveEvaluation(world, { principal }, { interviewUuid: world.interview.interview!.uuid, changes });

  beforeEach(async () => {
    world = evaluationsWorld();
    card = aScorecard({ companyUuid: world.company, jobUuid: world.job.uuid });
    await world.scorecards.save(card);
  });

  it("makes the caller's draft on the first save, named as identity has them, and publishes EvaluationStarted with the counts", async () => {
    const saved = await sut({ recommendation: 'yes', ratings: [{ criterionUuid: card.criteria[0].uuid, rating: 4 }], note: 'Sharp' });
    expect(saved).toEqual({
      uuid: expect.any(String),
      evaluator: { uuid: world.standard.userUuid, name: 'Sam Standard', type: 'user' },
      status: 'draft',
      recommendation: 'yes',
      overall_rating: null,
      ratings: [{ criterion_uuid: card.criteria[0].uuid, rating: 4 }],
      note: 'Sharp',
      submitted_at: null,
      updated_at: '2026-03-01T10:00:00+00:00',
    });
    expect(world.store.subjects()).toEqual(['evaluations.evaluation.started']);
    expect(world.store.published[0].payload).toEqual({
      interview_uuid: world.interview.interview!.uuid,
      company_uuid: world.company,
      counts: { evaluations_submitted: 0, evaluations_started: 1 },
      evaluation: saved,
    } satisfies EvaluationEventPayload);
  });

  it('changes only the fields given on a later save ("" and 0 clear), the same row, publishing nothing more', async () => {
    const first = await sut({ recommendation: 'yes', overallRating: 3, note: 'Sharp' });
    world.clock.advance(1000);
    const second = await sut({ overallRating: 0, note: '' });
    expect(second).toMatchObject({ uuid: first.uuid, recommendation: 'yes', overall_rating: null, note: null, updated_at: '2026-03-01T10:00:01+00:00' });
    expect(await sut({ recommendation: '' })).toMatchObject({ recommendation: null });
    expect(world.store.subjects()).toEqual(['evaluations.evaluation.started']);
  });

  it('names every broken rule and saves nothing', async () => {
    const failure = sut({
      recommendation: 'maybe',
      overallRating: 6,
      note: 'x'.repeat(5001),
      ratings: [
        { criterionUuid: 'not-a-criterion', rating: 3 },
        { criterionUuid: card.criteria[0].uuid, rating: 0 },
        { criterionUuid: card.criteria[0].uuid, rating: 2 },
      ],
    });
    await expect(failure).rejects.toMatchObject({
      code: 'api.validation_failed',
      fieldErrors: [
        { field: 'recommendation' },
        { field: 'overall_rating' },
        { field: 'note' },
        { field: 'ratings.0.criterion_uuid' },
        { field: 'ratings.1.rating' },
        { field: 'ratings.2.criterion_uuid' },
      ],
    });
    expect(await world.evaluations.listOf(world.company, world.interview.interview!.uuid)).toEqual([]);
    expect(world.store.published).toEqual([]);
  });

  it('amends a submitted evaluation, which stays submitted and must stay complete', async () => {
    const ratings = card.criteria.map((c) => ({ criterionUuid: c.uuid, rating: 4 }));
    await sut({ recommendation: 'yes', ratings });
    await submitEvaluation(world, { principal: world.standard }, { interviewUuid: world.interview.interview!.uuid });
    expect(await sut({ recommendation: 'strong_yes' })).toMatchObject({
      status: 'submitted',
      recommendation: 'strong_yes',
      submitted_at: '2026-03-01T10:00:00+00:00',
    });
    await expect(sut({ recommendation: '' })).rejects.toMatchObject({ code: 'api.validation_failed', fieldErrors: [{ field: 'recommendation' }] });
  });

  it('keeps the ratings of criteria removed from the card when the ratings are replaced', async () => {
    await sut({ ratings: card.criteria.map((c) => ({ criterionUuid: c.uuid, rating: 2 })) });
    await world.scorecards.save({ ...card, criteria: [card.criteria[1]] });
    const saved = await sut({ ratings: [{ criterionUuid: card.criteria[1].uuid, rating: 5 }] });
    expect(saved.ratings).toEqual([
      { criterion_uuid: card.criteria[0].uuid, rating: 2 },
      { criterion_uuid: card.criteria[1].uuid, rating: 5 },
    ]);
  });

  it("saves a link's reviewer's evaluation when the gateway passes them, asking interviews as the service", async () => {
    const reviewer = aReviewer(world.company, [world.interview.interview!.uuid]);
    const saved = await saveEvaluation(
      world,
      { principal: { kind: 'service', service: 'gateway' } },
      { interviewUuid: world.interview.interview!.uuid, reviewer, changes: { note: 'Seen' } },
    );
    expect(saved.evaluator).toEqual({ uuid: reviewer.link_uuid, name: 'Rita Reviewer', type: 'reviewer' });
    expect(world.interviews.callers).toEqual([{ kind: 'service', service: 'evaluations' }]);
  });

  it('is 409 on an interview that is not evaluable', async () => {
    const requested = world.interviews.put(world.company, { ...world.interview, interview: { ...world.interview.interview!, status: 'requested' } });
    await expect(saveEvaluation(world, { principal: world.admin }, { interviewUuid: requested.interview!.uuid, changes: {} })).rejects.toMatchObject({
      code: 'api.interview_not_evaluable',
    });
  });
});
