import { randomUUID } from 'node:crypto';
import type { Principal } from '@vi/platform-grpc';
import { anEvaluation } from '../../../test/factories';
import { evaluationsWorld } from '../../../test/fakes';
import { getEvaluationSummaries, MAX_SUMMARIES } from './get-evaluation-summaries';

describe('getEvaluationSummaries', () => {
  let world: ReturnType<typeof evaluationsWorld>;
  const assessments: Principal = { kind: 'service', service: 'assessments' };
  const interviewUuid = () => world.interview.interview!.uuid;
  const sut = (principal: Principal = assessments, interviewUuids = [interviewUuid()], companyUuid = world.company) =>
    getEvaluationSummaries(world, { principal }, { companyUuid, interviewUuids });
  const evaluation = (status: 'draft' | 'submitted', recommendation: 'strong_yes' | 'no' | null, overallRating: number | null) =>
    world.evaluations.insertIfAbsent(
      anEvaluation({
        companyUuid: world.company,
        interviewUuid: interviewUuid(),
        status,
        recommendation,
        overallRating,
        submittedAt: status === 'submitted' ? new Date() : null,
      }),
    );

  beforeEach(() => {
    world = evaluationsWorld();
  });

  it("gives the assessments service each interview's submitted count, overall average and recommendations, drafts left out", async () => {
    await evaluation('submitted', 'strong_yes', 5);
    await evaluation('submitted', 'no', 2);
    await evaluation('draft', 'no', 1);
    const none = randomUUID();

    expect(await sut(assessments, [interviewUuid(), none])).toEqual({
      summaries: [
        {
          interview_uuid: interviewUuid(),
          submitted: 2,
          overall_average: 3.5,
          recommendations: { strong_yes: 1, yes: 0, no: 1, definitely_not: 0, no_decision: 0 },
        },
        {
          interview_uuid: none,
          submitted: 0,
          overall_average: undefined,
          recommendations: { strong_yes: 0, yes: 0, no: 0, definitely_not: 0, no_decision: 0 },
        },
      ],
    });
  });

  it("reads only the company's evaluations: another company's uuid sees none", async () => {
    await evaluation('submitted', 'strong_yes', 5);
    expect((await sut(assessments, [interviewUuid()], randomUUID())).summaries[0]).toMatchObject({ submitted: 0, overall_average: undefined });
  });

  it.each<[string, Principal]>([
    ['a company user', { kind: 'user', userUuid: randomUUID(), companyUuid: randomUUID(), role: 'administrator', userType: 'company_user' }],
    ['the gateway', { kind: 'service', service: 'gateway' }],
    ['another service', { kind: 'service', service: 'sharing' }],
  ])('refuses %s with 403 api.operator_required', async (_who, principal) => {
    await expect(sut(principal)).rejects.toMatchObject({ code: 'api.operator_required' });
  });

  it('refuses more than a page of interviews', async () => {
    const many = Array.from({ length: MAX_SUMMARIES + 1 }, () => randomUUID());
    await expect(sut(assessments, many)).rejects.toMatchObject({ code: 'api.validation_failed' });
  });
});
