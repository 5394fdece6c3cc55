import { aScorecard } from '../../../test/factories';
import { evaluationsWorld } from '../../../test/fakes';
import { saveEvaluation } from '../save-evaluation/save-evaluation';
import { submitEvaluation } from './submit-evaluation';

describe('submitEvaluation', () => {
  let world: ReturnType<typeof evaluationsWorld>;
  let card: ReturnType<typeof aScorecard>;
  const interviewUuid = () => world.interview.interview!.uuid;
  const sut = (principal = world.standard) => submitEvaluation(world, { principal }, { interviewUuid: interviewUuid() });

  beforeEach(async () => {
    world = evaluationsWorld();
    card = aScorecard({ companyUuid: world.company, jobUuid: world.job.uuid });
    await world.scorecards.save(card);
  });

  it('names the recommendation and each criterion not rated; with nothing saved, all of them, writing nothing', async () => {
    await expect(sut()).rejects.toMatchObject({
      code: 'api.validation_failed',
      fieldErrors: [{ field: 'recommendation' }, ...card.criteria.map((c) => ({ field: `ratings.${c.uuid}` }))],
    });
    expect(await world.evaluations.listOf(world.company, interviewUuid())).toEqual([]);
    await saveEvaluation(
      world,
      { principal: world.standard },
      { interviewUuid: interviewUuid(), changes: { ratings: [{ criterionUuid: card.criteria[0].uuid, rating: 3 }] } },
    );
    await expect(sut()).rejects.toMatchObject({ fieldErrors: [{ field: 'recommendation' }, { field: `ratings.${card.criteria[1].uuid}` }] });
  });

  it('submits a complete evaluation now and publishes EvaluationSubmitted once; submitting again answers it as it is', async () => {
    const ratings = card.criteria.map((c) => ({ criterionUuid: c.uuid, rating: 4 }));
    await saveEvaluation(world, { principal: world.standard }, { interviewUuid: interviewUuid(), changes: { recommendation: 'yes', ratings } });
    world.clock.advance(60_000);
    const submitted = await sut();
    expect(submitted).toMatchObject({ status: 'submitted', submitted_at: '2026-03-01T10:01:00+00:00', recommendation: 'yes', overall_rating: null });
    world.clock.advance(60_000);
    expect(await sut()).toEqual(submitted);
    expect(world.store.subjects()).toEqual(['evaluations.evaluation.started', 'evaluations.evaluation.submitted']);
    expect(world.store.published[1].payload).toMatchObject({ counts: { evaluations_submitted: 1, evaluations_started: 1 }, evaluation: submitted });
  });

  it('needs only a recommendation when the job has no scorecard', async () => {
    await world.scorecards.deleteOfJob(world.job.uuid);
    await saveEvaluation(world, { principal: world.admin }, { interviewUuid: interviewUuid(), changes: { recommendation: 'no_decision' } });
    await expect(sut(world.admin)).resolves.toMatchObject({ status: 'submitted', recommendation: 'no_decision' });
  });
});
