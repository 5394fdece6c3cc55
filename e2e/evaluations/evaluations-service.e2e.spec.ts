import { randomUUID } from 'node:crypto';
import { credentials } from '@grpc/grpc-js';
import { evaluations, type DecisionEventPayload, type EvaluationEventPayload } from '@vi/contracts';
import type { BusMessage, Subscription } from '@vi/platform-bus';
import { PrincipalTokens, UPSTREAM_CHANNEL_OPTIONS, UpstreamClient, type Principal, type UserPrincipal } from '@vi/platform-grpc';
import { sql } from '@vi/platform-postgres';
import { waitFor } from '@vi/platform-testing';
import { companyWithJob, createInterview, liveBody } from '../interviews/interview-helpers';
import { countRows } from '../support/database-dump';
import { startTestSystem, type TestSystem } from '../support/test-system';

/**
 * The evaluations service in the whole system, before the gateway has its routes (issue 40): called over gRPC as
 * the gateway will call it, it asks the real jobs (the scorecard's job, as the caller), identity (names, as the
 * caller) and interviews (as the caller, or as the service `evaluations` for a share link's reviewer), publishes on
 * the run's bus, and forgets what interviews and jobs delete.
 */
describe('the evaluations service among the others', () => {
  let t: TestSystem;
  let company: Awaited<ReturnType<typeof companyWithJob>>;
  let client: UpstreamClient<evaluations.EvaluationsServiceClient>;
  let subscription: Subscription;
  let admin: UserPrincipal;
  const published: BusMessage[] = [];
  const json = (body: evaluations.Body) => JSON.parse(Buffer.from(body.json).toString('utf8')) as Record<string, any>;
  const as = (principal: Principal) => ({ principal });

  beforeAll(async () => {
    t = await startTestSystem();
    company = await companyWithJob(t);
    admin = { kind: 'user', userUuid: company.adminUuid, companyUuid: company.companyUuid, role: 'administrator', userType: 'company_user' };
    subscription = await t.system.bus.subscribe({ subjects: ['evaluations.>'], handler: async (message) => void published.push(message) });
    client = new UpstreamClient(
      'evaluations',
      new evaluations.EvaluationsServiceClient(`127.0.0.1:${t.system.evaluations.grpcPort}`, credentials.createInsecure(), UPSTREAM_CHANNEL_OPTIONS),
      new PrincipalTokens(t.env.INTERNAL_JWT_SECRET!),
    );
  }, 60_000);
  afterAll(async () => {
    client?.close();
    await subscription?.close();
    await t?.stop();
  });

  it("keeps a job's scorecard, evaluates a completed interview as a company user and as a link's reviewer, decides it, and forgets it all", async () => {
    const card = json(
      await client.call(
        (c) => c.replaceScorecard,
        { job_uuid: company.job.uuid, criteria: [{ name: 'Communication', description: '' }], visibility: 'after_submit' },
        as(admin),
      ),
    );
    await expect(client.call((c) => c.getScorecard, { job_uuid: randomUUID() }, as(admin))).rejects.toMatchObject({ code: 'api.job_not_found' });

    const interview = await createInterview(company.api, liveBody(company.job.uuid));
    await expect(client.call((c) => c.getEvaluations, { interview_uuid: interview.uuid }, as(admin))).rejects.toMatchObject({
      code: 'api.interview_not_evaluable',
    });
    expect((await company.api.put(`/interviews/${interview.uuid}`, { status: 'completed' })).status).toBe(201);

    const ratings = [{ criterion_uuid: card.criteria[0].uuid, rating: 4 }];
    await client.call((c) => c.saveEvaluation, { interview_uuid: interview.uuid, recommendation: 'yes', set_ratings: true, ratings }, as(admin));
    const submitted = json(await client.call((c) => c.submitEvaluation, { interview_uuid: interview.uuid }, as(admin)));
    expect(submitted).toMatchObject({ evaluator: { uuid: company.adminUuid, name: 'Admin 1', type: 'user' }, status: 'submitted' });

    const gateway: Principal = { kind: 'service', service: 'gateway' };
    const reviewer = { link_uuid: randomUUID(), name: 'Rita Reviewer', company_uuid: company.companyUuid, interview_uuids: [interview.uuid] };
    expect(json(await client.call((c) => c.getEvaluations, { interview_uuid: interview.uuid, reviewer }, as(gateway)))).toEqual({
      mine: null,
      others: null,
      summary: null,
      visibility: 'after_submit',
      criteria: card.criteria,
    });
    const elsewhere = { ...reviewer, company_uuid: randomUUID() };
    await expect(client.call((c) => c.getEvaluations, { interview_uuid: interview.uuid, reviewer: elsewhere }, as(gateway))).rejects.toMatchObject({
      code: 'api.interview_not_found',
    });

    const comment = json(
      await client.call((c) => c.addComment, { interview_uuid: interview.uuid, text: 'Strong', mention_uuids: [company.adminUuid] }, as(admin)),
    );
    expect(comment.mentions).toEqual([{ uuid: company.adminUuid, name: 'Admin 1' }]);
    await expect(
      client.call((c) => c.addComment, { interview_uuid: interview.uuid, text: 'Hi', mention_uuids: [randomUUID()] }, as(admin)),
    ).rejects.toMatchObject({ code: 'api.validation_failed', fieldErrors: [{ field: 'mentions.0' }] });
    await client.call((c) => c.decide, { interview_uuid: interview.uuid, decision: 'reject', notify_candidate: true }, as(admin));

    await waitFor(() => published.some((m) => m.subject === 'evaluations.decision.made'));
    const decided = published.find((m) => m.subject === 'evaluations.decision.made')!.payload as DecisionEventPayload;
    expect(decided).toMatchObject({
      interview_uuid: interview.uuid,
      decision: { decision: 'reject' },
      counts: { evaluations_submitted: 1, evaluations_started: 1 },
    });
    expect(decided.notify_candidate).toMatchObject({ email: interview.assigned_to.email, language: interview.language });
    expect((published.find((m) => m.subject === 'evaluations.evaluation.submitted')!.payload as EvaluationEventPayload).evaluation).toEqual(submitted);

    const rows = () =>
      Promise.all(
        ['evaluations.evaluations', 'evaluations.comments', 'evaluations.decisions'].map((table) =>
          countRows(t, table, sql`interview_uuid = ${interview.uuid}`),
        ),
      );
    expect(await rows()).toEqual([1, 1, 1]);
    expect((await company.api.delete(`/interviews/${interview.uuid}`)).status).toBe(204);
    await waitFor(async () => (await rows()).every((n) => n === 0), 10_000);
    expect((await company.api.delete(`/jobs/${company.job.uuid}`)).status).toBe(204);
    await waitFor(async () => (await countRows(t, 'evaluations.scorecards', sql`job_uuid = ${company.job.uuid}`)) === 0, 10_000);
  }, 60_000);
});
