import { randomUUID } from 'node:crypto';
import { waitFor, webmFile } from '@vi/platform-testing';
import { ApiClient } from '../support/api-client';
import { expectError, expectRfc3339Timestamps } from '../support/expectations';
import type { TestSystem } from '../support/test-system';
import { UUID } from '../interviews/interview-helpers';
import { completedInterview, completedInterviewWithTakes, openInterview, openShared, sharingSystem, TOKEN, tokenOf, type Company } from './sharing-helpers';

describe('basic share links: one per completed interview', () => {
  const system = sharingSystem('starter');
  const { events, creations } = system;
  let t: TestSystem;
  let company: Company;
  let other: Company;
  beforeAll(() => ({ t, company, other } = system));

  it('refuses an interview that is not completed, with its own code', async () => {
    const interview = await openInterview(company);
    expectError(await company.api.post(`/interviews/${interview.uuid}/share_link`), 400, 'api.share_link_interview_not_completed');
    expectError(await company.api.get(`/interviews/${interview.uuid}/share_link`), 404, 'api.share_link_not_found');
    expectError(await company.api.post(`/interviews/${randomUUID()}/share_link`), 404, 'api.interview_not_found');
  });

  it('creates the link active, with an unguessable token in its URL, and returns the same link afterwards', async () => {
    const interview = await completedInterview(company);
    const created = await company.api.post(`/interviews/${interview.uuid}/share_link`);
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      uuid: expect.stringMatching(UUID),
      url: expect.stringMatching(/^http:\/\/localhost:8080\/share\/[A-Za-z0-9_-]{43}$/),
      type: 'open',
      status: 'active',
      created_at: expect.any(String),
      updated_at: expect.any(String),
      updated_by: company.me.user,
    });
    expectRfc3339Timestamps(created.body);
    const token = tokenOf(created.body.url);
    expect(token).toMatch(TOKEN);
    expect(token).not.toContain(created.body.uuid.replace(/-/g, ''));
    expect(token).not.toContain(interview.uuid);

    const again = await company.api.post(`/interviews/${interview.uuid}/share_link`);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(created.body);
    expect((await company.api.get(`/interviews/${interview.uuid}/share_link`)).body).toEqual(created.body);
    const byUuid = await company.api.get(`/interviews/${interview.uuid}/share_link/${created.body.uuid}`);
    expect({ status: byUuid.status, body: byUuid.body }).toEqual({ status: 200, body: created.body });
    expectError(await company.api.get(`/interviews/${interview.uuid}/share_link/${randomUUID()}`), 404, 'api.share_link_not_found');
    expectError(await company.api.get(`/interviews/${interview.uuid}/share_link/not-a-uuid`), 404, 'api.not_found');
    const refused = await company.api.delete(`/interviews/${interview.uuid}/share_link`);
    expectError(refused, 405, 'api.method_not_allowed');
    expect(refused.headers.get('allow')).toBe('GET, HEAD, POST');

    const event = await events.next(created.body.uuid, 'sharing.share_link.created');
    const { url: _url, ...withoutUrl } = created.body;
    expect(event.payload).toMatchObject({
      uuid: created.body.uuid,
      kind: 'basic',
      status: 'active',
      company: { uuid: company.me.company.uuid, name: company.me.company.name },
      interviews: [{ uuid: interview.uuid, job_title: company.job.title, candidate_name: 'Sam Shared' }],
      reviewer: null,
      send_email: false,
      basic_link: withoutUrl,
      version: 1,
    });
    // No URL anywhere in the event: its token opens the link (decision 018).
    expect(event.payload).not.toHaveProperty('url');
    expect(event.payload.basic_link).toEqual(withoutUrl);
    expect(JSON.stringify(event.payload)).not.toContain(token);
  });

  it('gives concurrent first POSTs the same single link', async () => {
    const interview = await completedInterview(company);
    const responses = await Promise.all(Array.from({ length: 5 }, () => company.api.post(`/interviews/${interview.uuid}/share_link`)));
    const [first] = responses;
    expect(responses.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(responses.map((r) => r.body.uuid))).toEqual(new Set([first.body.uuid]));
    expect(new Set(responses.map((r) => r.body.url))).toEqual(new Set([first.body.url]));
    await events.next(first.body.uuid, 'sharing.share_link.created');
    const created = events.messages.filter((m) => m.subject === 'sharing.share_link.created' && m.payload.interviews[0]?.uuid === interview.uuid);
    expect(new Set(created.map((m) => m.payload.uuid))).toEqual(new Set([first.body.uuid]));
  });

  it("shows the link in the interview's share_link field, and follows its status", async () => {
    const interview = await completedInterview(company);
    expect((await company.api.get(`/interviews/${interview.uuid}`)).body.share_link).toBeNull();
    const link = (await company.api.post(`/interviews/${interview.uuid}/share_link`)).body;
    await waitFor(async () => (await company.api.get(`/interviews/${interview.uuid}`)).body.share_link !== null);
    expect((await company.api.get(`/interviews/${interview.uuid}`)).body.share_link).toEqual(link);
    const listed = (await company.api.get('/interviews?status[]=completed&range=0-99')).body.find((i: any) => i.uuid === interview.uuid);
    expect(listed.share_link).toEqual(link);

    const updated = await company.api.put(`/interviews/${interview.uuid}/share_link/${link.uuid}`, { status: 'inactive' });
    await waitFor(async () => (await company.api.get(`/interviews/${interview.uuid}`)).body.share_link?.status === 'inactive');
    expect((await company.api.get(`/interviews/${interview.uuid}`)).body.share_link).toEqual(updated.body);
  });

  it('serves the public view only while the link is active', async () => {
    const interview = await completedInterview(company, 'Paula Public');
    const link = (await company.api.post(`/interviews/${interview.uuid}/share_link`)).body;
    const token = tokenOf(link.url);

    const opened = await openShared(t, token);
    expect(opened.status).toBe(200);
    expect(opened.body).toEqual({
      uuid: link.uuid,
      company: { name: company.me.company.name },
      interviews: [
        {
          uuid: interview.uuid,
          type: 'live',
          completed_at: interview.completed_at,
          job: { title: company.job.title },
          candidate: { name: 'Paula Public' },
          questions: [],
          recordings: [],
        },
      ],
    });
    expect(opened.headers.get('x-ratelimit-remaining')).toMatch(/^\d+$/);

    const deactivated = await company.api.put(`/interviews/${interview.uuid}/share_link/${link.uuid}`, { status: 'inactive' });
    expect(deactivated.status).toBe(201);
    expect(deactivated.body).toEqual({ ...link, status: 'inactive', updated_at: expect.any(String), updated_by: company.me.user });
    expectError(await openShared(t, token), 404, 'api.share_link_not_found');
    const updatedEvent = await events.next(link.uuid, 'sharing.share_link.updated');
    const { url: _url, ...deactivatedWithoutUrl } = deactivated.body;
    expect(updatedEvent.payload).toMatchObject({ status: 'inactive', version: 2, send_email: false, basic_link: deactivatedWithoutUrl });

    expect((await company.api.put(`/interviews/${interview.uuid}/share_link/${link.uuid}`, { status: 'active' })).body.status).toBe('active');
    expect((await openShared(t, token)).status).toBe(200);

    const bad = await company.api.put(`/interviews/${interview.uuid}/share_link/${link.uuid}`, { status: 'paused' });
    expectError(bad, 400, 'api.validation_failed');
    expect(bad.body.errors[0].field).toBe('status');
  });

  it('opens nothing for unknown, altered or uuid tokens', async () => {
    const interview = await completedInterview(company);
    const link = (await company.api.post(`/interviews/${interview.uuid}/share_link`)).body;
    const token = tokenOf(link.url);
    const altered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const guess of [altered, link.uuid, interview.uuid, 'x', randomUUID().replace(/-/g, '') + 'abcdefghijk']) {
      expectError(await openShared(t, guess), 404, 'api.share_link_not_found');
    }
    expect((await openShared(t, token)).status).toBe(200);
  });

  it('is 404 for another company on every method, and no access for job seekers', async () => {
    const interview = await completedInterview(company);
    const link = (await company.api.post(`/interviews/${interview.uuid}/share_link`)).body;
    const base = `/interviews/${interview.uuid}/share_link`;
    // The same answers as for an interview of their own without a link, or no interview at all.
    expectError(await other.api.get(base), 404, 'api.share_link_not_found');
    expectError(await other.api.post(base), 404, 'api.interview_not_found');
    expectError(await other.api.get(`${base}/${link.uuid}`), 404, 'api.share_link_not_found');
    expectError(await other.api.put(`${base}/${link.uuid}`, { status: 'inactive' }), 404, 'api.share_link_not_found');

    const candidateInterview = await completedInterview(company);
    const seeker = await openInterview(company);
    const token = await creations.candidateToken(seeker.uuid);
    const candidate = new ApiClient(t.baseUrl, undefined);
    const as = (method: string, path: string, body?: unknown) =>
      candidate.request(method, path, { headers: { authorization: `Bearer ${token}` }, ...(body ? { body } : {}) });
    expectError(await as('GET', base), 404, 'api.interview_not_found');
    expectError(await as('POST', `/interviews/${candidateInterview.uuid}/share_link`), 404, 'api.interview_not_found');
    expectError(await as('POST', `/interviews/${seeker.uuid}/share_link`), 404, 'api.interview_not_found');
    expectError(await as('PUT', `${base}/${link.uuid}`, { status: 'inactive' }), 404, 'api.interview_not_found');
    expect((await company.api.get(base)).body.status).toBe('active');
  });

  it("never shows the link to the interview's own candidate", async () => {
    const created = await completedInterviewWithTakes(t, company, creations, [[webmFile({ seconds: 3 })]]);
    const link = (await company.api.post(`/interviews/${created.interview.uuid}/share_link`)).body;
    await waitFor(async () => (await company.api.get(`/interviews/${created.interview.uuid}`)).body.share_link?.uuid === link.uuid);
    const token = await creations.candidateToken(created.interview.uuid);
    const candidate = new ApiClient(t.baseUrl, undefined);
    const as = (path: string) => candidate.request('GET', path, { headers: { authorization: `Bearer ${token}` } });
    const own = await as(`/candidate/interviews/${created.interview.uuid}`);
    // The candidate view is an allow-list without the company's share link (decision 036).
    expect(own.status).toBe(200);
    expect(own.body).not.toHaveProperty('share_link');
    expect(JSON.stringify(own.body)).not.toContain(tokenOf(link.url));
    expectError(await as(`/interviews/${created.interview.uuid}/share_link`), 404, 'api.interview_not_found');
  });

  it('stops the link when its interview is deleted', async () => {
    const interview = await completedInterview(company);
    const link = (await company.api.post(`/interviews/${interview.uuid}/share_link`)).body;
    const token = tokenOf(link.url);
    expect((await openShared(t, token)).status).toBe(200);
    expect((await company.api.delete(`/interviews/${interview.uuid}`)).status).toBe(204);
    // At once: the open checks the interview itself.
    expectError(await openShared(t, token), 404, 'api.share_link_not_found');
    const deleted = await events.next(link.uuid, 'sharing.share_link.deleted');
    expect(deleted.payload).toMatchObject({ kind: 'basic', uuid: link.uuid, version: 2 });
    expectError(await company.api.get(`/interviews/${interview.uuid}/share_link`), 404, 'api.share_link_not_found');
  });
});
