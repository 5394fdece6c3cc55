import { randomUUID } from 'node:crypto';
import { evaluations, InterviewsSubjects, type CommentEventPayload, type DecisionEventPayload, type EvaluationEventPayload } from '@vi/contracts';
import { InProcessBus, OutboxRelay, startConsumers, type BusMessage, type Subscription } from '@vi/platform-bus';
import { credentials } from '@grpc/grpc-js';
import { GrpcServer, PrincipalTokens, UPSTREAM_CHANNEL_OPTIONS, UpstreamClient, type Principal } from '@vi/platform-grpc';
import { createLogger } from '@vi/platform-logger';
import { migrateToLatest, openDatabase, type Database } from '@vi/platform-postgres';
import { createTestDatabase, randomSecret, waitFor, type TestDatabase } from '@vi/platform-testing';
import { FakeClock } from '@vi/platform-time';
import { evaluationsMigrations } from '../migrations';
import type { EvaluationsStore } from '../src/application/store';
import type { EvaluationsDatabase } from '../src/infrastructure/evaluations.database';
import { createEvaluationsStore } from '../src/infrastructure/evaluations.store';
import { evaluationsEventConsumers } from '../src/transport/events/event-consumers';
import { evaluationsGrpcHandlers } from '../src/transport/grpc/evaluations.grpc';
import { aCompanyUser, anEvaluableInterview, aReviewer } from './factories';
import { evaluationsWorld } from './fakes';

const logger = createLogger('evaluations-test', 'silent');
const GATEWAY: Principal = { kind: 'service', service: 'gateway' };

/**
 * The service over gRPC on a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL): the bodies as the gateway
 * gets them, errors with their codes and fields across the hop, the events as the relay publishes them, the consumers
 * on the bus, and what only the database orders (a concurrent first save is one row). Identity, jobs and interviews
 * are the in-memory tables of test/fakes.ts.
 */
describe('the evaluations service over gRPC', () => {
  let testDb: TestDatabase;
  let database: Database<EvaluationsDatabase>;
  let bus: InProcessBus;
  let relay: OutboxRelay;
  let store: EvaluationsStore;
  let server: GrpcServer;
  let consumers: Subscription;
  let client: UpstreamClient<evaluations.EvaluationsServiceClient>;
  const published: BusMessage[] = [];
  const world = evaluationsWorld();
  const tokens = new PrincipalTokens(randomSecret());
  const interviewUuid = world.interview.interview!.uuid;

  beforeAll(async () => {
    testDb = await createTestDatabase();
    database = await openDatabase<EvaluationsDatabase>({ url: testDb.url, schema: 'evaluations', embedded: testDb.embedded });
    await migrateToLatest(database.db, 'evaluations', evaluationsMigrations, logger);
    bus = new InProcessBus(logger);
    await bus.subscribe({ subjects: ['evaluations.>'], handler: async (message) => void published.push(message) });
    relay = new OutboxRelay(database.db, bus, logger);
    store = createEvaluationsStore(database.db, relay);
    consumers = await startConsumers(bus, evaluationsEventConsumers({ store }));
    server = new GrpcServer(tokens, logger).add(
      evaluations.EvaluationsServiceService,
      evaluationsGrpcHandlers({
        store,
        identity: world.identity,
        jobs: world.jobs,
        interviews: world.interviews,
        clock: new FakeClock('2026-03-01T10:00:00+00:00'),
      }),
    );
    const port = await server.listen('127.0.0.1:0');
    client = new UpstreamClient(
      'evaluations',
      new evaluations.EvaluationsServiceClient(`127.0.0.1:${port}`, credentials.createInsecure(), UPSTREAM_CHANNEL_OPTIONS),
      tokens,
    );
  });
  afterAll(async () => {
    client.close();
    await server.shutdown();
    await consumers.close();
    await relay.stop();
    await bus.close();
    await database.close();
    await testDb.drop();
  });

  const json = (body: evaluations.Body): unknown => JSON.parse(Buffer.from(body.json).toString('utf8'));
  const as = (principal: Principal) => ({ principal });
  const eventsOf = (subject: string) => published.filter((m) => m.subject === subject);

  it("replaces and answers a job's scorecard as JSON bytes; jobs' 404 and a refusal cross the hop with their codes", async () => {
    const put = json(
      await client.call(
        (c) => c.replaceScorecard,
        {
          job_uuid: world.job.uuid,
          criteria: [
            { name: 'Communication', description: 'Clear' },
            { name: 'Depth', description: '' },
          ],
        },
        as(world.admin),
      ),
    );
    expect(put).toEqual({
      criteria: [
        { uuid: expect.any(String), name: 'Communication', description: 'Clear' },
        { uuid: expect.any(String), name: 'Depth', description: '' },
      ],
      visibility: 'after_submit',
      updated_at: '2026-03-01T10:00:00+00:00',
    });
    expect(json(await client.call((c) => c.getScorecard, { job_uuid: world.job.uuid }, as(world.standard)))).toEqual(put);
    await expect(client.call((c) => c.getScorecard, { job_uuid: randomUUID() }, as(world.standard))).rejects.toMatchObject({ code: 'api.job_not_found' });
    const other = aCompanyUser({ companyUuid: world.company, role: 'standard' });
    await expect(client.call((c) => c.replaceScorecard, { job_uuid: world.job.uuid, criteria: [] }, as(other))).rejects.toMatchObject({
      code: 'api.administrator_required',
    });
  });

  it('makes one evaluation of a concurrent first save by one evaluator, and publishes one EvaluationStarted', async () => {
    const saves = Array.from({ length: 6 }, (_, i) =>
      client.call((c) => c.saveEvaluation, { interview_uuid: interviewUuid, set_ratings: false, ratings: [], note: `draft ${i}` }, as(world.admin)),
    );
    const answers = (await Promise.all(saves)).map((body) => json(body) as { uuid: string });
    expect(new Set(answers.map((a) => a.uuid)).size).toBe(1);
    await relay.drain();
    const started = eventsOf('evaluations.evaluation.started').map((m) => m.payload as EvaluationEventPayload);
    expect(started).toHaveLength(1);
    expect(started[0]).toMatchObject({
      interview_uuid: interviewUuid,
      company_uuid: world.company,
      counts: { evaluations_started: 1, evaluations_submitted: 0 },
    });
  });

  it("hides the others' cards until the caller submits, for company users and a link's reviewer alike", async () => {
    const card = (await store.read.scorecards.find(world.company, world.job.uuid))!;
    const complete = (recommendation: string, rating: number) => ({
      interview_uuid: interviewUuid,
      recommendation,
      set_ratings: true,
      ratings: card.criteria.map((c) => ({ criterion_uuid: c.uuid, rating })),
    });
    await expect(client.call((c) => c.submitEvaluation, { interview_uuid: interviewUuid }, as(world.admin))).rejects.toMatchObject({
      code: 'api.validation_failed',
      fieldErrors: [{ field: 'recommendation' }, ...card.criteria.map((c) => ({ field: `ratings.${c.uuid}` }))],
    });
    await client.call((c) => c.saveEvaluation, complete('strong_yes', 5), as(world.admin));
    await client.call((c) => c.submitEvaluation, { interview_uuid: interviewUuid }, as(world.admin));

    const get = async (principal: Principal, reviewer?: evaluations.Reviewer) =>
      json(await client.call((c) => c.getEvaluations, { interview_uuid: interviewUuid, reviewer }, as(principal))) as Record<string, unknown>;
    expect(await get(world.standard)).toEqual({
      mine: null,
      others: null,
      summary: null,
      visibility: 'after_submit',
      criteria: card.criteria.map((c) => ({ uuid: c.uuid, name: c.name, description: c.description })),
    });
    await client.call((c) => c.saveEvaluation, complete('no', 2), as(world.standard));
    await client.call((c) => c.submitEvaluation, { interview_uuid: interviewUuid }, as(world.standard));
    expect(await get(world.standard)).toMatchObject({
      mine: { evaluator: { name: 'Sam Standard', type: 'user' }, status: 'submitted' },
      others: [{ evaluator: { name: 'Ada Admin', type: 'user' }, recommendation: 'strong_yes' }],
      summary: { submitted: 2, criteria: card.criteria.map((c) => ({ uuid: c.uuid, average: 3.5 })) },
    });

    const reviewer = aReviewer(world.company, [interviewUuid]);
    expect(await get(GATEWAY, reviewer)).toMatchObject({ mine: null, others: null });
    await client.call((c) => c.saveEvaluation, { ...complete('yes', 4), reviewer }, as(GATEWAY));
    await client.call((c) => c.submitEvaluation, { interview_uuid: interviewUuid, reviewer }, as(GATEWAY));
    expect(await get(GATEWAY, reviewer)).toMatchObject({
      mine: { evaluator: { uuid: reviewer.link_uuid, name: 'Rita Reviewer', type: 'reviewer' } },
      summary: { submitted: 3, recommendations: { strong_yes: 1, yes: 1, no: 1 } },
    });
    await expect(get({ kind: 'service', service: 'sharing' }, reviewer)).rejects.toMatchObject({ code: 'api.operator_required' });

    await relay.drain();
    expect(eventsOf('evaluations.evaluation.submitted').map((m) => (m.payload as EvaluationEventPayload).counts.evaluations_submitted)).toEqual([1, 2, 3]);
  });

  it('adds comments pinned to a moment, lists them by answer and moment, deletes one; CommentCreated names the mentioned', async () => {
    const [firstTake, secondTake] = world.interview.takes;
    const add = async (take_uuid: string, at_ms: number, mention_uuids: string[] = []) =>
      json(
        await client.call((c) => c.addComment, { interview_uuid: interviewUuid, text: `at ${at_ms}`, take_uuid, at_ms, mention_uuids }, as(world.admin)),
      ) as {
        uuid: string;
      };
    const later = await add(secondTake.uuid, 0);
    const first = await add(firstTake.uuid, 3000, [world.standard.userUuid]);
    await expect(add(firstTake.uuid, 31_000)).rejects.toMatchObject({ code: 'api.validation_failed', fieldErrors: [{ field: 'at_ms' }] });
    const listed = json(await client.call((c) => c.listComments, { interview_uuid: interviewUuid }, as(world.standard))) as { items: { uuid: string }[] };
    expect(listed.items.map((c) => c.uuid)).toEqual([first.uuid, later.uuid]);

    await expect(client.call((c) => c.deleteComment, { interview_uuid: interviewUuid, comment_uuid: first.uuid }, as(world.standard))).rejects.toMatchObject({
      code: 'api.administrator_required',
    });
    await client.call((c) => c.deleteComment, { interview_uuid: interviewUuid, comment_uuid: first.uuid }, as(world.admin));
    await expect(client.call((c) => c.deleteComment, { interview_uuid: interviewUuid, comment_uuid: first.uuid }, as(world.admin))).rejects.toMatchObject({
      code: 'api.comment_not_found',
    });

    await relay.drain();
    const created = eventsOf('evaluations.comment.created').map((m) => m.payload as CommentEventPayload);
    expect(created.find((p) => p.comment.uuid === first.uuid)?.mentions).toEqual([
      { uuid: world.standard.userUuid, name: 'Sam Standard', email: 'sam.standard@people.example' },
    ]);
  });

  it('decides many interviews at once, 200/404/409 each, with an InterviewDecided for each decided one', async () => {
    const expired = world.interviews.put(world.company, anEvaluableInterview({ status: 'expired' })).interview!.uuid;
    const requested = world.interviews.put(world.company, anEvaluableInterview({ status: 'requested' })).interview!.uuid;
    const unknown = randomUUID();
    const results = json(
      await client.call(
        (c) => c.decideMany,
        { interview_uuids: [interviewUuid, expired, requested, unknown], decision: 'reject', notify_candidate: true },
        as(world.standard),
      ),
    );
    expect(results).toEqual({
      results: [
        { uuid: interviewUuid, status: 200 },
        { uuid: expired, status: 200 },
        { uuid: requested, status: 409 },
        { uuid: unknown, status: 404 },
      ],
    });
    const decided = json(await client.call((c) => c.decide, { interview_uuid: interviewUuid, decision: 'advance', notify_candidate: false }, as(world.admin)));
    expect(decided).toEqual({ decision: 'advance', decided_by: { uuid: world.admin.userUuid, name: 'Ada Admin' }, decided_at: '2026-03-01T10:00:00+00:00' });

    await relay.drain();
    const made = eventsOf('evaluations.decision.made').map((m) => m.payload as DecisionEventPayload);
    expect(made.map((p) => [p.interview_uuid, p.decision.decision, p.notify_candidate?.email ?? null])).toEqual([
      [interviewUuid, 'reject', 'cara@candidates.example'],
      [expired, 'reject', 'cara@candidates.example'],
      [interviewUuid, 'advance', null],
    ]);
    expect(made[2].counts).toEqual({ evaluations_submitted: 3, evaluations_started: 3 });
  });

  it("forgets an interview's evaluations, comments and decision when interviews deletes it", async () => {
    await bus.publish({
      id: randomUUID(),
      subject: InterviewsSubjects.InterviewDeleted,
      payload: { interview: { uuid: interviewUuid, company: { uuid: world.company } } },
      occurredAt: '2026-03-01T11:00:00+00:00',
    });
    await waitFor(async () => (await store.read.evaluations.counts(interviewUuid)).evaluations_started === 0);
    expect(await store.read.comments.listOf(world.company, interviewUuid)).toEqual([]);
    expect(await store.read.decisions.find(world.company, interviewUuid)).toBeUndefined();
  });
});
