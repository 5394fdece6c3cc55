import { randomUUID } from 'node:crypto';
import { AshbyStandIn, ashbyStartBody } from '../support/ats-stand-ins';
import { expectError, RFC3339_NUMERIC_OFFSET } from '../support/expectations';
import { startTestSystem, type TestSystem } from '../support/test-system';
import { UUID, candidateOf, completeAsCandidate, listOrders, openProfile, orderWhen, testJob } from './assessment-helpers';

/**
 * Ashby's assessment partner API (issue 41, decision 071) against a stand-in built from its published contract: it
 * lists and starts assessments with the company's integration key, and takes our `POST /assessment.update` at
 * ASHBY_API_URL with the Ashby API key the company gave us.
 */
describe('Ashby: an assessment partner', () => {
  let t: TestSystem;
  let ashby: AshbyStandIn;
  let company: Awaited<ReturnType<TestSystem['createCompany']>>;
  let job: { uuid: string; title: string };
  const email = (name: string) => `${name}-${randomUUID().slice(0, 8)}@candidates.example`;

  beforeAll(async () => {
    ashby = await AshbyStandIn.start();
    t = await startTestSystem({ ASHBY_API_URL: ashby.apiUrl, WEBHOOK_RETRY_SCHEDULE: '300ms,300ms,300ms,300ms' });
    company = await t.createCompany();
    job = await testJob(company.api);
    expect((await company.api.put('/integrations/ashby', { api_key: ashby.newApiKey() })).status).toBe(200);
  });
  afterAll(async () => {
    await t?.stop();
    await ashby?.close();
  });

  it('assessment.list: the same tests as Greenhouse, in Ashby’s shape', async () => {
    const listed = await ashby.list(company.api);
    expect(listed).toMatchObject({
      status: 200,
      body: { success: true, results: [{ assessment_type_id: job.uuid, name: job.title, description: expect.any(String) }] },
    });
    expect(listed.body.results).toHaveLength(1);
  });

  it('the whole flow: start → Started → complete → Completed with numeric_score and the answers’ url; a score that changes is sent again', async () => {
    const body = ashbyStartBody(job.uuid, email('ada'));
    const started = await ashby.start(company.api, body);
    expect(started).toMatchObject({ status: 200, body: { success: true, results: { assessment_id: expect.stringMatching(UUID) } } });
    const id = started.body.results.assessment_id as string;
    const interview = (await company.api.get(`/interviews/${id}`)).body;
    expect(interview).toMatchObject({
      type: 'one_way',
      status: 'requested',
      job_post: { uuid: job.uuid },
      source: { type: 'ashby', external_id: (body.application as { ashby_id: string }).ashby_id },
    });

    // The same candidate already being assessed for that type: 409, and still one order.
    const again = await ashby.start(company.api, ashbyStartBody(job.uuid, (body.candidate as { email: string }).email));
    expectError(again, 409, 'api.candidate_already_assessed');
    expect((await listOrders(company.api, '?range=0-99')).items.filter((o) => o.interview_uuid === id)).toHaveLength(1);

    const seeker = await candidateOf(t, id);
    await seeker.accept();
    const [startedUpdate] = await ashby.nextUpdates(id, 'Started');
    expect(startedUpdate).toMatchObject({ assessment_id: id, assessment_status: 'Started' });
    expect(startedUpdate.timestamp).toMatch(RFC3339_NUMERIC_OFFSET);

    await seeker.complete();
    const [completed] = await ashby.nextUpdates(id, 'Completed');
    expect(completed).toMatchObject({ assessment_id: id, assessment_status: 'Completed', assessment_profile_url: expect.stringMatching(/\/share\//) });
    // No score yet (no evaluation, no rating): the result is the answers' url alone.
    expect(completed.assessment_result).toEqual([{ identifier: 'answers', label: 'Answers', type: 'url', value: completed.assessment_profile_url }]);
    const shared = await openProfile(t, completed.assessment_profile_url!);
    expect(shared.interviews[0]).toMatchObject({ uuid: id, job: { title: job.title } });

    // An evaluation submitted: the score changed, so Ashby is told again (3 of 5 → 60).
    expect((await company.api.put(`/interviews/${id}/evaluations/mine`, { recommendation: 'yes', overall_rating: 3 })).status).toBe(200);
    expect((await company.api.post(`/interviews/${id}/evaluations/mine/submit`)).status).toBe(200);
    const [, rescored] = await ashby.nextUpdates(id, 'Completed', 2);
    expect(rescored.assessment_result).toEqual([
      { identifier: 'score', label: 'Score', type: 'numeric_score', value: 60 },
      { identifier: 'answers', label: 'Answers', type: 'url', value: completed.assessment_profile_url },
    ]);

    const order = await orderWhen(company.api, id, (o) => o.callbacks.length >= 3);
    expect(order).toMatchObject({ ats: 'ashby', external_id: (body.application as { ashby_id: string }).ashby_id, status: 'completed' });
    expect(order.callbacks.every((c: { status_code: number }) => c.status_code === 200)).toBe(true);
  });

  it('assessment.cancel: the interview is canceled, Ashby told Cancelled; unknown ids are 404', async () => {
    const started = await ashby.start(company.api, ashbyStartBody(job.uuid, email('cancel')));
    const id = started.body.results.assessment_id as string;
    const canceled = await ashby.cancel(company.api, id);
    expect(canceled).toMatchObject({ status: 200, body: { success: true } });
    expect((await company.api.get(`/interviews/${id}`)).body.status).toBe('canceled');
    const [update] = await ashby.nextUpdates(id, 'Cancelled');
    expect(update).toMatchObject({ assessment_id: id, assessment_status: 'Cancelled' });
    await orderWhen(company.api, id, (o) => o.status === 'canceled');
    // A new start for that candidate is allowed once the first is canceled.
    expect((await ashby.start(company.api, ashbyStartBody(job.uuid, email('cancel')))).status).toBe(200);

    expectError(await ashby.cancel(company.api, randomUUID()), 404, 'api.assessment_order_not_found');
    const other = await t.createCompany();
    expectError(await ashby.cancel(other.api, id), 404, 'api.assessment_order_not_found');
  });

  it('a type the company does not offer is a refusal Ashby shows its user (422 {message}), a missing field 400 naming it; neither makes an order', async () => {
    const before = (await listOrders(company.api)).contentRange;
    const unknown = await ashby.start(company.api, ashbyStartBody(randomUUID(), email('x')));
    expectError(unknown, 422, 'api.assessment_test_not_found');
    expect(unknown.body.message).toBe(unknown.body.reason);
    // A job Ashby listed, deactivated since: the recruiter is told why, in Ashby.
    const closed = await testJob(company.api, 'Closed since');
    expect((await company.api.put(`/jobs/${closed.uuid}`, { status: 'inactive' })).status).toBe(200);
    const refused = await ashby.start(company.api, ashbyStartBody(closed.uuid, email('x')));
    expectError(refused, 422, 'api.assessment_test_not_found');
    expect(refused.body.message).toMatch(/\w/);
    const missing = await ashby.start(company.api, ashbyStartBody(job.uuid, email('x'), { application: undefined, job: { name: 'No id' } }));
    expectError(missing, 400, 'api.validation_failed');
    expect(missing.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['application', 'job.ashby_id']);
    expect((await listOrders(company.api)).contentRange).toBe(before);
  });

  it('retries assessment.update on 503 (two refused, then taken), every attempt in the order’s callbacks', async () => {
    const started = await ashby.start(company.api, ashbyStartBody(job.uuid, email('retry')));
    const id = started.body.results.assessment_id as string;
    ashby.failNext(2);
    const seeker = await candidateOf(t, id);
    await seeker.accept();
    await ashby.nextUpdates(id, 'Started');
    const order = await orderWhen(company.api, id, (o) => o.callbacks.length === 3);
    expect(order.callbacks.map((c: { status_code: number | null }) => c.status_code)).toEqual([503, 503, 200]);
    await seeker.complete();
    await ashby.nextUpdates(id, 'Completed');
  });

  it('without an Ashby key the update fails and is recorded; a key set again delivers with Send again', async () => {
    const started = await ashby.start(company.api, ashbyStartBody(job.uuid, email('nokey')));
    const id = started.body.results.assessment_id as string;
    expect((await company.api.delete('/integrations/ashby')).status).toBe(204);
    await completeAsCandidate(t, id);
    const failed = await orderWhen(company.api, id, (o) => o.status === 'completed' && o.callbacks.length >= 1);
    expect(failed.callbacks[0]).toMatchObject({ status_code: null, error: expect.any(String) });
    expect(ashby.updatesOf(id).filter((u) => u.assessment_status === 'Completed')).toEqual([]);

    expect((await company.api.put('/integrations/ashby', { api_key: ashby.newApiKey() })).status).toBe(200);
    const resent = await company.api.post(`/assessment_orders/${failed.uuid}/callback`);
    expect(resent.status).toBe(202);
    await ashby.nextUpdates(id, 'Completed');
  });
});
