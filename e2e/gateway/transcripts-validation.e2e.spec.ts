import { randomUUID } from 'node:crypto';
import { expectError } from '../support/expectations';
import { startTestSystem, type TestSystem } from '../support/test-system';
import { companyWithJob, createInterview, interviewBody } from '../interviews/interview-helpers';

/**
 * Decision 073's routes as a client meets them through the gateway (key, body parser, path checks): what is refused
 * before any service is asked. The transcripts themselves are the transcription service's specs.
 */
describe('gateway: the transcript, captions, settings and search routes refuse what is not theirs', () => {
  let t: TestSystem;
  let api: Awaited<ReturnType<TestSystem['createCompany']>>['api'];
  beforeAll(async () => {
    t = await startTestSystem();
    ({ api } = await t.createCompany());
  });
  afterAll(() => t.stop());

  it('GET /interviews?q=: 400 api.validation_failed naming q for one empty once trimmed, over 200 characters or given twice', async () => {
    for (const query of ['q=', `q=${encodeURIComponent('   ')}`, `q=${'k'.repeat(201)}`, 'q=go&q=rust']) {
      const refused = await api.get(`/interviews?${query}`);
      expectError(refused, 400, 'api.validation_failed');
      expect(refused.body.errors.map((e: { field: string }) => e.field)).toEqual(['q']);
    }
  });

  it('GET /interviews?q= reaches the list: words of a candidate found, trimmed and in any case, words of none finding nothing', async () => {
    const company = await companyWithJob(t);
    const ada = await createInterview(company.api, interviewBody(company.job.uuid, { assigned_to: { name: 'Ada Quintessa', email: 'ada.q@example.com' } }));
    await createInterview(company.api, interviewBody(company.job.uuid, { assigned_to: { name: 'Bob Other', email: 'bob.o@example.com' } }));
    const found = await company.api.get(`/interviews?q=${encodeURIComponent('  quintessa ')}`);
    expect(found.status).toBe(200);
    expect(found.body.map((i: { uuid: string }) => i.uuid)).toEqual([ada.uuid]);
    expect((await company.api.get('/interviews?q=zyxwvut')).body).toEqual([]);
    expect((await company.api.get('/interviews')).body).toHaveLength(2);
  });

  it('PUT /settings: 400 api.validation_failed for anything but {transcription: boolean}', async () => {
    for (const rawBody of ['{}', '{"transcription":"on"}', '{"transcription":null}', '{"transcription":true,"extra":1}', '[true]']) {
      expectError(await api.request('PUT', '/settings', { rawBody }), 400, 'api.validation_failed');
    }
    expectError(
      await api.request('PUT', '/settings', { rawBody: 'transcription=true', headers: { 'content-type': 'application/x-www-form-urlencoded' } }),
      400,
      'api.validation_failed',
    );
    expectError(await api.request('PUT', '/settings', { rawBody: '{"transcription":' }), 400, 'api.malformed_json');
  });

  it('404 api.not_found for a path uuid that cannot exist, 405 for a method a path lacks', async () => {
    const [interview, question, take] = [randomUUID(), randomUUID(), randomUUID()];
    expectError(await api.get(`/interviews/${interview}/questions/${question}/takes/not-a-take/transcript`), 404, 'api.not_found');
    expectError(await api.post(`/interviews/x/recordings/${take}/transcript`, {}), 404, 'api.not_found');
    expectError(await api.get(`/interviews/${interview}/recordings/nope/captions.vtt`), 404, 'api.not_found');
    const refused = await api.request('DELETE', `/interviews/${interview}/questions/${question}/takes/${take}/transcript`, {});
    expectError(refused, 405, 'api.method_not_allowed');
    expect(refused.headers.get('allow')).toBe('GET, HEAD, POST');
  });

  it("a share link's captions: the token is checked by sharing, every refusal a JSON error", async () => {
    const unknown = await fetch(`${t.baseUrl}/public/share/${'U'.repeat(43)}/takes/${randomUUID()}/captions.vtt`);
    expect({ status: unknown.status, type: unknown.headers.get('content-type') }).toEqual({ status: 404, type: expect.stringMatching(/^application\/json/) });
    expect(((await unknown.json()) as { code: string }).code).toBe('api.share_link_not_found');
    const badTake = await fetch(`${t.baseUrl}/public/share/${'U'.repeat(43)}/recordings/nope/captions.vtt`);
    expect(((await badTake.json()) as { code: string }).code).toBe('api.not_found');
  });
});
