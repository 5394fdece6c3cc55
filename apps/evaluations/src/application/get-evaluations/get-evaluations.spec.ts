import { aCompanyUser, aJobSeeker, anEvaluableInterview, aRecording, aReviewer, aScorecard } from '../../../test/factories';
import { evaluationsWorld } from '../../../test/fakes';
import type { Principal, UserPrincipal } from '@vi/platform-grpc';
import { saveEvaluation } from '../save-evaluation/save-evaluation';
import { submitEvaluation } from '../submit-evaluation/submit-evaluation';
import { getEvaluations } from './get-evaluations';
import type { evaluations } from '@vi/contracts';

describe('getEvaluations', () => {
  let world: ReturnType<typeof evaluationsWorld>;
  let card: ReturnType<typeof aScorecard>;
  const interviewUuid = () => world.interview.interview!.uuid;
  const criteriaOfCard = () => card.criteria.map((c) => ({ uuid: c.uuid, name: c.name, description: c.description }));
  const sut = (principal: Principal = world.standard, reviewer?: evaluations.Reviewer, uuid = interviewUuid()) =>
    getEvaluations(world, { principal }, { interviewUuid: uuid, reviewer });
  const submit = async (principal: UserPrincipal, recommendation: string, rating: number, overallRating?: number) => {
    const ratings = card.criteria.map((c) => ({ criterionUuid: c.uuid, rating }));
    await saveEvaluation(world, { principal }, { interviewUuid: interviewUuid(), changes: { recommendation, ratings, overallRating } });
    return submitEvaluation(world, { principal }, { interviewUuid: interviewUuid() });
  };

  beforeEach(async () => {
    world = evaluationsWorld();
    card = aScorecard({ companyUuid: world.company, jobUuid: world.job.uuid });
    await world.scorecards.save(card);
  });

  it("hides the others' cards and the summary until the caller submits (after_submit), then shows the submitted ones only", async () => {
    const adaSubmitted = await submit(world.admin, 'strong_yes', 5, 5);
    const drafting = aCompanyUser({ companyUuid: world.company, role: 'standard' });
    world.identity.add(world.company, drafting.userUuid, 'Dee Draft');
    await saveEvaluation(world, { principal: drafting }, { interviewUuid: interviewUuid(), changes: { note: 'thinking' } });

    expect(await sut()).toEqual({ mine: null, others: null, summary: null, visibility: 'after_submit', criteria: criteriaOfCard() });
    const samSubmitted = await submit(world.standard, 'no', 2, 2);
    expect(await sut()).toEqual({
      mine: samSubmitted,
      others: [adaSubmitted],
      summary: {
        submitted: 2,
        overall_average: 3.5,
        recommendations: { strong_yes: 1, yes: 0, no: 1, definitely_not: 0, no_decision: 0 },
        criteria: card.criteria.map((c) => ({ uuid: c.uuid, name: c.name, average: 3.5 })),
      },
      visibility: 'after_submit',
      criteria: criteriaOfCard(),
    });
    expect((await sut(drafting)).mine).toMatchObject({ status: 'draft', note: 'thinking' });
  });

  it('shows the others and the summary at once when the card says always; averages are null when no one gave a value', async () => {
    await world.scorecards.save({ ...card, visibility: 'always' });
    expect(await sut()).toEqual({
      mine: null,
      others: [],
      summary: {
        submitted: 0,
        overall_average: null,
        recommendations: { strong_yes: 0, yes: 0, no: 0, definitely_not: 0, no_decision: 0 },
        criteria: card.criteria.map((c) => ({ uuid: c.uuid, name: c.name, average: null })),
      },
      visibility: 'always',
      criteria: criteriaOfCard(),
    });
  });

  it('is 409 unless the interview is completed, or expired with a take or an ended recording', async () => {
    const put = (status: string, answers: Parameters<typeof anEvaluableInterview>[0] = {}) =>
      world.interviews.put(world.company, anEvaluableInterview({ status, jobUuid: world.job.uuid, ...answers })).interview!.uuid;
    await expect(sut(world.standard, undefined, put('requested'))).rejects.toMatchObject({ code: 'api.interview_not_evaluable' });
    await expect(sut(world.standard, undefined, put('expired', { takes: [] }))).rejects.toMatchObject({ code: 'api.interview_not_evaluable' });
    await expect(sut(world.standard, undefined, put('expired'))).resolves.toMatchObject({ mine: null });
    await expect(sut(world.standard, undefined, put('expired', { takes: [], recordings: [aRecording()] }))).resolves.toMatchObject({ mine: null });
  });

  it("is 404 for another company's user and for a job seeker, as for the interview itself", async () => {
    await expect(sut(aCompanyUser())).rejects.toMatchObject({ code: 'api.interview_not_found' });
    await expect(sut(aJobSeeker())).rejects.toMatchObject({ code: 'api.interview_not_found' });
  });

  it("takes a link's reviewer from the gateway only, for an interview of the link and of the link's company", async () => {
    const gateway = { kind: 'service', service: 'gateway' } as const;
    const reviewer = aReviewer(world.company, [interviewUuid()]);
    await expect(sut(gateway, reviewer)).resolves.toMatchObject({ mine: null, others: null });
    await expect(sut({ kind: 'service', service: 'sharing' }, reviewer)).rejects.toMatchObject({ code: 'api.operator_required' });
    await expect(sut(world.admin, reviewer)).rejects.toMatchObject({ code: 'api.operator_required' });
    await expect(sut(gateway, aReviewer(world.company, ['another-interview']))).rejects.toMatchObject({ code: 'api.interview_not_found' });
    await expect(sut(gateway, aReviewer('another-company', [interviewUuid()]))).rejects.toMatchObject({ code: 'api.interview_not_found' });
  });
});
