import { randomUUID } from 'node:crypto';
import { ApiClient } from '../support/api-client';
import { AshbyStandIn, GreenhouseStandIn, ashbyStartBody, greenhouseCandidate } from '../support/ats-stand-ins';
import { expectError, expectRfc3339Timestamps } from '../support/expectations';
import { startTestSystem, type TestSystem } from '../support/test-system';
import { databaseDump } from '../support/database-dump';
import { createStandardUser } from '../jobs/job-helpers';
import { completeAsCandidate, listOrders, orderWhen, testJob } from './assessment-helpers';

/**
 * The company's side of the ATSs (decision 071): connecting Ashby with its API key (never shown again), which ATS
 * is connected, the orders with filters and pages, and "Send again".
 */
describe("the company's integrations and assessment orders", () => {
  let t: TestSystem;
  let ashby: AshbyStandIn;
  let greenhouse: GreenhouseStandIn;
  let company: Awaited<ReturnType<TestSystem['createCompany']>>;
  let job: { uuid: string; title: string };
  const email = (name: string) => `${name}-${randomUUID().slice(0, 8)}@candidates.example`;

  beforeAll(async () => {
    ashby = await AshbyStandIn.start();
    t = await startTestSystem({ ASHBY_API_URL: ashby.apiUrl, WEBHOOK_RETRY_SCHEDULE: '300ms,300ms' });
    company = await t.createCompany();
    greenhouse = await GreenhouseStandIn.start(company.api);
    job = await testJob(company.api);
  });
  afterAll(async () => {
    await t?.stop();
    await greenhouse?.close();
    await ashby?.close();
  });

  it('connects and disconnects Ashby; the key is stored, never shown again', async () => {
    const before = await company.api.get('/integrations');
    expect(before.status).toBe(200);
    expect(before.body).toEqual([
      { ats: 'greenhouse', connected: false, connected_at: null, last_callback: null },
      { ats: 'ashby', connected: false, connected_at: null, last_callback: null },
    ]);

    expectError(await company.api.put('/integrations/ashby', {}), 400, 'api.validation_failed');
    expectError(await company.api.put('/integrations/ashby', { api_key: '   ' }), 400, 'api.validation_failed');

    const key = ashby.newApiKey();
    const connected = await company.api.put('/integrations/ashby', { api_key: key });
    expect(connected.status).toBe(200);
    expect(connected.body).toEqual({ ats: 'ashby', connected: true, connected_at: expect.any(String), last_callback: null });
    expectRfc3339Timestamps(connected.body);
    const listed = await company.api.get('/integrations');
    expect(listed.body.find((i: { ats: string }) => i.ats === 'ashby')).toEqual(connected.body);
    expect(JSON.stringify([connected.body, listed.body])).not.toContain(key);
    // Stored sealed: the key's text is nowhere in the database.
    expect((await databaseDump(t)).filter((row) => row.includes(key))).toEqual([]);

    // A standard user sees the same; another company sees its own (nothing connected).
    const standard = await createStandardUser(company.api, (k) => t.as(k), email('standard'));
    expect((await standard.api.get('/integrations')).body).toEqual(listed.body);
    const other = await t.createCompany();
    expect((await other.api.get('/integrations')).body.every((i: { connected: boolean }) => !i.connected)).toBe(true);

    expect((await company.api.delete('/integrations/ashby')).status).toBe(204);
    expect((await company.api.get('/integrations')).body.find((i: { ats: string }) => i.ats === 'ashby')).toMatchObject({ connected: false });
    expect((await company.api.put('/integrations/ashby', { api_key: ashby.newApiKey() })).status).toBe(200);
  });

  it('a job seeker (a candidate token) may not see or change them', async () => {
    const sent = await greenhouse.sendTest(job.uuid, greenhouseCandidate(email('seeker')));
    const token = await t.candidateLinks.token(sent.body.partner_interview_id);
    const seeker = new ApiClient(t.baseUrl, undefined);
    const headers = { authorization: `Bearer ${token}` };
    expectError(await seeker.request('GET', '/integrations', { headers }), 403, 'api.company_user_required');
    expectError(await seeker.request('GET', '/assessment_orders', { headers }), 403, 'api.company_user_required');
    expectError(await seeker.request('GET', '/partners/greenhouse/list_tests', { headers }), 403, 'api.company_user_required');
  });

  it('lists orders newest first, paged with Content-Range, filtered by ats[] and status[]; a bad filter is a 400 naming it', async () => {
    const gh = await greenhouse.sendTest(job.uuid, greenhouseCandidate(email('list-gh')));
    const ab = await ashby.start(company.api, ashbyStartBody(job.uuid, email('list-ashby')));
    expect([gh.status, ab.status]).toEqual([200, 200]);
    await completeAsCandidate(t, gh.body.partner_interview_id);
    await orderWhen(company.api, gh.body.partner_interview_id, (o) => o.status === 'completed');

    const all = await listOrders(company.api);
    expect(all.status).toBe(200);
    const total = all.items.length;
    expect(all.contentRange).toBe(`items 0-${total - 1}/${total}`);
    expect(all.items[0].interview_uuid).toBe(ab.body.results.assessment_id);
    expectRfc3339Timestamps(all.items);
    const firstPage = await listOrders(company.api, '?range=0-0');
    expect(firstPage.items).toEqual([all.items[0]]);
    expect(firstPage.contentRange).toBe(`items 0-0/${total}`);

    const ashbyOnly = await listOrders(company.api, '?ats[]=ashby');
    expect(ashbyOnly.items.map((o) => o.interview_uuid)).toEqual([ab.body.results.assessment_id]);
    const completed = await listOrders(company.api, '?status[]=completed&ats=greenhouse');
    expect(completed.items.map((o) => o.interview_uuid)).toEqual([gh.body.partner_interview_id]);
    expect((await listOrders(company.api, '?status[]=expired')).contentRange).toBe('items */0');

    const bad = await company.api.get('/assessment_orders?ats[]=workable&status[]=done');
    expectError(bad, 400, 'api.validation_failed');
    expect(bad.body.errors.map((e: { field: string }) => e.field)).toEqual(['ats[]', 'status[]']);
  });

  it('Send again: the order’s current state is sent once more, the attempt added to its callbacks', async () => {
    const sent = await greenhouse.sendTest(job.uuid, greenhouseCandidate(email('again')));
    const id = sent.body.partner_interview_id as string;
    await completeAsCandidate(t, id);
    await greenhouse.afterPatch(id);
    const order = await orderWhen(company.api, id, (o) => o.callbacks.length === 1);

    const again = await company.api.post(`/assessment_orders/${order.uuid}/callback`);
    expect(again.status).toBe(202);
    expect(again.body).toMatchObject({ uuid: order.uuid, interview_uuid: id });
    expect((await greenhouse.afterPatch(id, 2)).body.partner_status).toBe('complete');
    expect((await orderWhen(company.api, id, (o) => o.callbacks.length === 2)).callbacks.map((c: { status_code: number }) => c.status_code)).toEqual([
      200, 200,
    ]);
    expectError(await company.api.post(`/assessment_orders/${randomUUID()}/callback`), 404, 'api.assessment_order_not_found');
    expectError(await company.api.post('/assessment_orders/not-a-uuid/callback'), 404, 'api.not_found');
  });
});
