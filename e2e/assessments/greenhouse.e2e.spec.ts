import { randomUUID } from 'node:crypto';
import { GreenhouseStandIn, greenhouseCandidate } from '../support/ats-stand-ins';
import { expectError, expectRfc3339Timestamps } from '../support/expectations';
import { startTestSystem, type TestSystem } from '../support/test-system';
import { createStandardUser } from '../jobs/job-helpers';
import { TEST_QUESTIONS, UUID, candidateOf, completeAsCandidate, listOrders, openProfile, orderOf, orderWhen, testJob } from './assessment-helpers';

/**
 * Greenhouse's Assessment Partner API (issue 41, decision 071) against a stand-in built from its published contract:
 * it lists our tests, sends one, the candidate completes through the candidate API, we PATCH its `url`, and it
 * reads `test_status`. Callback retries on WEBHOOK_RETRY_SCHEDULE, short here.
 */
describe('Greenhouse: an assessment partner', () => {
  let t: TestSystem;
  let company: Awaited<ReturnType<TestSystem['createCompany']>>;
  let greenhouse: GreenhouseStandIn;
  let job: { uuid: string; title: string };
  const email = (name: string) => `${name}-${randomUUID().slice(0, 8)}@candidates.example`;

  beforeAll(async () => {
    t = await startTestSystem({ WEBHOOK_RETRY_SCHEDULE: '300ms,300ms,300ms,300ms' });
    company = await t.createCompany();
    // As the README has it: Greenhouse holds the key of a standard user made for it.
    const atsUser = await createStandardUser(company.api, (key) => t.as(key), email('ats-integration'));
    greenhouse = await GreenhouseStandIn.start(atsUser.api);
    job = await testJob(company.api);
  });
  afterAll(async () => {
    await greenhouse?.close();
    await t?.stop();
  });

  it("lists the company's active jobs with interview questions as tests, and nothing else", async () => {
    // Not tests: a job without open-interview questions, and an inactive one that has them.
    const plain = await company.api.post('/jobs', { title: 'No questions', status: 'active', locality: { work_mode: 'remote', work_place: '' } });
    expect(plain.status).toBe(201);
    const inactive = await testJob(company.api, 'Closed role');
    expect((await company.api.put(`/jobs/${inactive.uuid}`, { status: 'inactive' })).status).toBe(200);

    const listed = await greenhouse.listTests();
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([{ partner_test_id: job.uuid, partner_test_name: job.title }]);
    // Another company's Greenhouse sees its own tests only.
    const other = await t.createCompany();
    const theirGreenhouse = await GreenhouseStandIn.start(other.api);
    expect((await theirGreenhouse.listTests()).body).toEqual([]);
    await theirGreenhouse.close();
  });

  it('the whole flow: send → the interview → the candidate completes → PATCH → test_status complete with the answers, score and metadata', async () => {
    const candidate = greenhouseCandidate(email('grace'));
    const sent = await greenhouse.sendTest(job.uuid, candidate);
    expect(sent).toMatchObject({ status: 200, body: { partner_interview_id: expect.stringMatching(UUID) } });
    const id = sent.body.partner_interview_id as string;

    // The order's interview: a one-way interview of the job with its questions, for the candidate, from Greenhouse.
    const interview = (await company.api.get(`/interviews/${id}`)).body;
    expect(interview).toMatchObject({
      uuid: id,
      type: 'one_way',
      status: 'requested',
      job_post: { uuid: job.uuid },
      assigned_to: { email: candidate.email },
      // Greenhouse's reference to its candidate (it sends no id of its own for the test) is the external id.
      source: { type: 'greenhouse', external_id: candidate.greenhouse_profile_url },
    });
    expect(interview.questions.map((q: { text: string }) => q.text)).toEqual(TEST_QUESTIONS.map((q) => q.text));
    const listed = (await company.api.get(`/interviews?range=0-99`)).body.find((i: { uuid: string }) => i.uuid === id);
    expect(listed.source).toEqual(interview.source);

    expect((await greenhouse.testStatus(id)).body).toEqual({
      partner_status: 'requested',
      partner_profile_url: null,
      partner_score: null,
      metadata: expect.any(Object),
    });
    const seeker = await candidateOf(t, id);
    await seeker.accept();
    expect((await greenhouse.testStatus(id)).body.partner_status).toBe('accepted');
    expect(greenhouse.patchesOf(id)).toEqual([]);
    await seeker.complete();

    // We PATCH the url with no body; Greenhouse then reads test_status.
    const status = await greenhouse.afterPatch(id);
    expect(greenhouse.patchesOf(id)).toEqual([expect.objectContaining({ method: 'PATCH', body: '', status: 200 })]);
    expect(status.status).toBe(200);
    expect(status.body).toEqual({
      partner_status: 'complete',
      partner_profile_url: expect.stringMatching(/\/share\/[A-Za-z0-9_-]+$/),
      partner_score: null,
      metadata: expect.objectContaining({ 'Completed At': expect.any(String), 'Questions answered': expect.anything() }),
    });
    // A flat object of primitives.
    expect(Object.values(status.body.metadata).filter((v) => v !== null && typeof v === 'object')).toEqual([]);
    // The profile URL opens the answers for someone without an account.
    const shared = await openProfile(t, status.body.partner_profile_url);
    expect(shared.interviews).toEqual([
      expect.objectContaining({
        uuid: id,
        job: { title: job.title },
        questions: TEST_QUESTIONS.map((q) => expect.objectContaining({ text: q.text, skipped: true })),
      }),
    ]);

    // A rating of 4 (of 5) is a score of 80; the same link every time.
    expect((await company.api.put(`/interviews/${id}`, { rating: 4 })).status).toBe(201);
    const rated = await greenhouse.testStatus(id);
    expect(rated.body).toEqual({ ...status.body, partner_score: 80, metadata: expect.any(Object) });

    const order = await orderOf(company.api, id);
    expect(order).toEqual({
      uuid: expect.stringMatching(UUID),
      ats: 'greenhouse',
      external_id: candidate.greenhouse_profile_url,
      interview_uuid: id,
      status: 'completed',
      created_at: expect.any(String),
      callbacks: [{ at: expect.any(String), status_code: 200, error: null }],
    });
    expectRfc3339Timestamps(order);
    const integrations = (await company.api.get('/integrations')).body as any[];
    expect(integrations.find((i) => i.ats === 'greenhouse')).toMatchObject({ connected: true, last_callback: { status_code: 200, error: null } });
  });

  it('send_test is idempotent while the interview is open: the same email and test answer the same id, one order', async () => {
    const candidate = greenhouseCandidate(email('twice'));
    const first = await greenhouse.sendTest(job.uuid, candidate);
    const again = await greenhouse.sendTest(job.uuid, { ...candidate, first_name: 'Again' });
    expect(first.status).toBe(200);
    expect(again).toMatchObject({ status: 200, body: { partner_interview_id: first.body.partner_interview_id } });
    // Two at once make one order too (a partial unique index).
    const racing = await Promise.all([1, 2, 3].map(() => greenhouse.sendTest(job.uuid, greenhouseCandidate(candidate.email.replace('twice', 'race')))));
    expect(new Set(racing.map((r) => `${r.status} ${r.body.partner_interview_id}`)).size).toBe(1);
    const orders = (await listOrders(company.api, '?range=0-99')).items;
    expect(orders.filter((o) => o.interview_uuid === first.body.partner_interview_id)).toHaveLength(1);
    expect(orders.filter((o) => o.interview_uuid === racing[0].body.partner_interview_id)).toHaveLength(1);
    // Another email is another order.
    const other = await greenhouse.sendTest(job.uuid, greenhouseCandidate(email('other')));
    expect(other.body.partner_interview_id).not.toBe(first.body.partner_interview_id);
  });

  it('an unknown test is a 404 JSON error; a missing field a 400 naming it; neither makes an order', async () => {
    const before = (await listOrders(company.api)).contentRange;
    const unknown = await greenhouse.sendTest(randomUUID(), greenhouseCandidate(email('nobody')));
    expectError(unknown, 404, 'api.assessment_test_not_found');
    expectError(await greenhouse.sendTest('not-a-job', greenhouseCandidate(email('nobody'))), 404, 'api.assessment_test_not_found');
    // Another company's job is not this company's test.
    const other = await t.createCompany();
    const theirs = await testJob(other.api);
    expectError(await greenhouse.sendTest(theirs.uuid, greenhouseCandidate(email('nobody'))), 404, 'api.assessment_test_not_found');

    const { email: _email, ...withoutEmail } = greenhouseCandidate(email('x'));
    const missing = await greenhouse.sendTest(job.uuid, withoutEmail as never, { url: undefined });
    expectError(missing, 400, 'api.validation_failed');
    expect(missing.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['candidate.email', 'url']);
    expectError(await greenhouse.sendTest(job.uuid, greenhouseCandidate(email('x')), { url: 'ftp://nowhere' }), 400, 'api.validation_failed');
    expectError(await company.api.get('/partners/greenhouse/test_status'), 400, 'api.validation_failed');
    expect((await listOrders(company.api)).contentRange).toBe(before);
  });

  it('retries the PATCH on 503 on the schedule, each attempt visible in the order; a key of another company gets 404', async () => {
    const sent = await greenhouse.sendTest(job.uuid, greenhouseCandidate(email('retry')));
    const id = sent.body.partner_interview_id as string;
    greenhouse.failNext(2);
    await completeAsCandidate(t, id);
    expect((await greenhouse.afterPatch(id)).body.partner_status).toBe('complete');
    expect(greenhouse.patchesOf(id).map((p) => p.status)).toEqual([503, 503, 200]);
    const order = await orderWhen(company.api, id, (o) => o.callbacks.length === 3);
    expect(order.callbacks).toEqual([
      { at: expect.any(String), status_code: 503, error: expect.any(String) },
      { at: expect.any(String), status_code: 503, error: expect.any(String) },
      { at: expect.any(String), status_code: 200, error: null },
    ]);

    // Another company's key: its test, its order and its Send again are not found.
    const other = await t.createCompany();
    const theirGreenhouse = await GreenhouseStandIn.start(other.api);
    expectError(await theirGreenhouse.testStatus(id), 404, 'api.assessment_order_not_found');
    expect((await listOrders(other.api)).items).toEqual([]);
    expectError(await other.api.post(`/assessment_orders/${order.uuid}/callback`), 404, 'api.assessment_order_not_found');
    await theirGreenhouse.close();
  });
});

describe('Greenhouse: the callback URL is checked as webhook targets are', () => {
  let t: TestSystem;
  beforeAll(async () => {
    t = await startTestSystem({ WEBHOOK_ALLOW_PRIVATE_TARGETS: 'false' });
  });
  afterAll(() => t?.stop());

  it('a private address (a deployment, not npm start) is a 400 naming `url`, and makes no order', async () => {
    const company = await t.createCompany();
    const job = await testJob(company.api);
    const greenhouse = await GreenhouseStandIn.start(company.api);
    try {
      for (const url of ['http://127.0.0.1:9/callback', 'http://169.254.169.254/latest', 'http://[::1]/x']) {
        const refused = await greenhouse.sendTest(job.uuid, greenhouseCandidate(`private-${randomUUID().slice(0, 8)}@candidates.example`), { url });
        expectError(refused, 400, 'api.validation_failed');
        expect({ url, fields: refused.body.errors.map((e: { field: string }) => e.field) }).toEqual({ url, fields: ['url'] });
      }
      expect((await listOrders(company.api)).items).toEqual([]);
    } finally {
      await greenhouse.close();
    }
  });
});
