import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { credentials } from '@grpc/grpc-js';
import { assessments } from '@vi/contracts';
import { PrincipalTokens, UPSTREAM_CHANNEL_OPTIONS, UpstreamClient, type UserPrincipal } from '@vi/platform-grpc';
import { waitFor } from '@vi/platform-testing';
import { companyWithJob } from '../interviews/interview-helpers';
import { ApiClient } from '../support/api-client';
import { startTestSystem, type TestSystem } from '../support/test-system';

/**
 * The assessments service in the whole system, called over gRPC as the gateway's partner routes will call it
 * (issue 41): the tests from the real jobs, the interview made by the real interviews (as the key's user, with its
 * source), the order completed by interviews' event, the Greenhouse callback sent to a receiver on this machine,
 * and the status read with evaluations' and sharing's allowances for the service `assessments`.
 */
describe('the assessments service among the others', () => {
  let t: TestSystem;
  let company: Awaited<ReturnType<typeof companyWithJob>>;
  let client: UpstreamClient<assessments.AssessmentsServiceClient>;
  let receiver: Server;
  let callbackUrl: string;
  const patched: string[] = [];
  const ashbyUpdates: Array<{ authorization?: string; body: any }> = [];
  let user: UserPrincipal;
  const json = (body: assessments.Body) => JSON.parse(Buffer.from(body.json).toString('utf8'));

  beforeAll(async () => {
    receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        if (req.url === '/ashby/assessment.update')
          ashbyUpdates.push({ authorization: req.headers.authorization, body: JSON.parse(Buffer.concat(chunks).toString()) });
        else patched.push(`${req.method} ${req.url}`);
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
    callbackUrl = `${receiverUrl}/greenhouse/callback`;
    t = await startTestSystem({ ASHBY_API_URL: `${receiverUrl}/ashby` });
    company = await companyWithJob(t);
    user = { kind: 'user', userUuid: company.adminUuid, companyUuid: company.companyUuid, role: 'administrator', userType: 'company_user' };
    const opened = await company.api.put(`/jobs/${company.job.uuid}`, {
      open_interview: { status: 'inactive', questions: [{ text: 'Why this job?', time_limit: 60 }] },
    });
    expect(opened.status).toBe(200);
    client = new UpstreamClient(
      'assessments',
      new assessments.AssessmentsServiceClient(`127.0.0.1:${t.system.assessments.grpcPort}`, credentials.createInsecure(), UPSTREAM_CHANNEL_OPTIONS),
      new PrincipalTokens(t.env.INTERNAL_JWT_SECRET!),
    );
  }, 60_000);
  afterAll(async () => {
    client?.close();
    await new Promise((resolve) => receiver?.close(resolve));
    await t?.stop();
  });

  it('lists the job as a test, sends it (once), completes it, calls Greenhouse back and answers its status', async () => {
    const as = { principal: user };
    expect(json(await client.call((c) => c.listTests, { ats: 'greenhouse' }, as))).toEqual([
      { partner_test_id: company.job.uuid, partner_test_name: company.job.title },
    ]);
    const send = {
      ats: 'greenhouse',
      test_id: company.job.uuid,
      candidate: { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@candidate.example' },
      callback_url: callbackUrl,
      ats_fields: {},
    };
    const sent = json(await client.call((c) => c.sendTest, send, as));
    expect(json(await client.call((c) => c.sendTest, send, as))).toEqual(sent);
    const interviewUuid = sent.partner_interview_id as string;
    const interview = (await company.api.get(`/interviews/${interviewUuid}`)).body;
    expect(interview).toMatchObject({ uuid: interviewUuid, type: 'one_way', source: { type: 'greenhouse' }, questions: [{ text: 'Why this job?' }] });
    expect(json(await client.call((c) => c.getTestStatus, { ats: 'greenhouse', order_id: interviewUuid }, as))).toMatchObject({
      partner_status: 'requested',
      partner_profile_url: null,
    });

    // The candidate accepts, skips the question and completes, through the candidate API.
    const auth = { authorization: `Bearer ${await t.candidateLinks.token(interviewUuid)}` };
    const candidate = new ApiClient(t.baseUrl, undefined);
    expect((await candidate.request('POST', `/candidate/interviews/${interviewUuid}/accept`, { headers: auth })).status).toBe(200);
    const questionUuid = interview.questions[0].uuid as string;
    expect((await candidate.request('POST', `/candidate/interviews/${interviewUuid}/questions/${questionUuid}/skip`, { headers: auth })).status).toBe(200);
    expect((await candidate.request('POST', `/candidate/interviews/${interviewUuid}/complete`, { headers: auth })).status).toBe(200);
    await waitFor(() => patched.length > 0, 10_000);
    expect(patched).toEqual(['PATCH /greenhouse/callback']);
    const status = json(await client.call((c) => c.getTestStatus, { ats: 'greenhouse', order_id: interviewUuid }, as));
    expect(status).toMatchObject({ partner_status: 'complete', partner_score: null, partner_profile_url: expect.stringContaining('/share/') });

    const page = await client.call((c) => c.listOrders, { ats: [], statuses: [], range_from: 0, range_to: 49 }, as);
    expect(page.total).toBe(1);
    expect(JSON.parse(Buffer.from(page.items_json).toString())).toEqual([
      expect.objectContaining({ interview_uuid: interviewUuid, status: 'completed', callbacks: [expect.objectContaining({ status_code: 200, error: null })] }),
    ]);

    const other = await t.createCompany();
    const stranger = { principal: { ...user, userUuid: other.adminUuid, companyUuid: other.companyUuid } };
    await expect(client.call((c) => c.getTestStatus, { ats: 'greenhouse', order_id: interviewUuid }, stranger)).rejects.toMatchObject({
      code: 'api.assessment_order_not_found',
    });
  });

  it('starts an Ashby assessment once (409 again), cancels it, and tells Ashby with the company’s key', async () => {
    const as = { principal: user };
    expect(json(await client.call((c) => c.connectAts, { ats: 'ashby', api_key: 'ashby-key-1' }, as))).toMatchObject({ ats: 'ashby', connected: true });
    const start = {
      ats: 'ashby',
      test_id: company.job.uuid,
      candidate: { first_name: 'Grace', last_name: 'Hopper', email: 'grace@candidate.example' },
      external_id: 'application-7',
      ats_fields: { candidate_id: 'cand-7', job_id: 'job-7' },
    };
    const started = json(await client.call((c) => c.sendTest, start, as));
    const assessmentId = started.results.assessment_id as string;
    expect(started).toEqual({ success: true, results: { assessment_id: assessmentId } });
    await expect(client.call((c) => c.sendTest, start, as)).rejects.toMatchObject({ code: 'api.candidate_already_assessed' });
    expect((await company.api.get(`/interviews/${assessmentId}`)).body.source).toEqual({ type: 'ashby', external_id: 'application-7' });

    expect(json(await client.call((c) => c.cancelTest, { ats: 'ashby', order_id: assessmentId }, as))).toEqual({ success: true });
    expect((await company.api.get(`/interviews/${assessmentId}`)).body.status).toBe('canceled');
    await waitFor(() => ashbyUpdates.length > 0, 10_000);
    expect(ashbyUpdates).toEqual([
      {
        authorization: `Basic ${Buffer.from('ashby-key-1:').toString('base64')}`,
        body: expect.objectContaining({ assessment_id: assessmentId, assessment_status: 'Cancelled', timestamp: expect.stringMatching(/\+00:00$/) }),
      },
    ]);
    const integrations = json(await client.call((c) => c.listIntegrations, {}, as));
    expect(integrations).toEqual([
      expect.objectContaining({ ats: 'greenhouse', connected: true }),
      expect.objectContaining({ ats: 'ashby', connected: true, last_callback: expect.objectContaining({ status_code: 200 }) }),
    ]);
  });
});
