import { randomUUID } from 'node:crypto';
import { ApiClient } from '../support/api-client';
import { expectError, expectRfc3339Timestamps } from '../support/expectations';
import type { TestSystem } from '../support/test-system';
import { companyWithJob, UUID } from '../interviews/interview-helpers';
import { totalOf } from '../jobs/job-helpers';
import { completedInterview, openInterview, openShared, sharingSystem, TOKEN, tokenOf, type Company } from './sharing-helpers';

const REVIEWERS = [
  { name: 'Rita Reviewer', email: 'rita@reviewers.example' },
  { name: 'Rob Reviewer', email: 'rob@reviewers.example' },
];

describe('advanced share links: one per reviewer, several interviews', () => {
  const system = sharingSystem('growth');
  const { events, creations } = system;
  let t: TestSystem;
  let company: Company;
  let other: Company;
  beforeAll(() => ({ t, company, other } = system));

  async function share(body: Record<string, unknown>) {
    const created = await company.api.post('/share_links', body);
    expect({ status: created.status, body: created.body }).toEqual({ status: 201, body: expect.any(Array) });
    return created.body as any[];
  }

  it('creates one link per reviewer for several interviews, and publishes ShareLinkCreated with send_email', async () => {
    const first = await completedInterview(company, 'Ada First');
    const second = await completedInterview(company, 'Bo Second');
    const links = await share({ status: 'active', send_email: true, reviewers: REVIEWERS, interviews: [{ uuid: first.uuid }, { uuid: second.uuid }] });
    expect(links).toHaveLength(2);
    links.forEach((link, i) => {
      expect(link).toEqual({
        uuid: expect.stringMatching(UUID),
        url: expect.stringMatching(/^http:\/\/localhost:8080\/share\/[A-Za-z0-9_-]{43}$/),
        status: 'active',
        created_at: expect.any(String),
        updated_at: expect.any(String),
        reviewer: REVIEWERS[i],
        company: company.me.company,
        created_by: company.me.user,
        updated_by: company.me.user,
        job: { uuid: company.job.uuid, title: company.job.title },
      });
      expectRfc3339Timestamps(link);
      expect(tokenOf(link.url)).toMatch(TOKEN);
    });
    expect(links[0].url).not.toBe(links[1].url);

    for (const [i, link] of links.entries()) {
      const event = await events.next(link.uuid, 'sharing.share_link.created');
      // No URL: its token opens the link (decision 018).
      expect(event.payload).not.toHaveProperty('url');
      expect(JSON.stringify(event.payload)).not.toContain(tokenOf(link.url));
      expect(event.payload).toMatchObject({
        uuid: link.uuid,
        kind: 'advanced',
        status: 'active',
        send_email: true,
        reviewer: REVIEWERS[i],
        company: { uuid: company.me.company.uuid, name: company.me.company.name },
        interviews: [
          { uuid: first.uuid, job_title: company.job.title, candidate_name: 'Ada First' },
          { uuid: second.uuid, job_title: company.job.title, candidate_name: 'Bo Second' },
        ],
        created_by: company.me.user,
        basic_link: null,
        version: 1,
      });
    }

    const read = await company.api.get(`/share_links/${links[0].uuid}`);
    expect(read.status).toBe(200);
    const { job: _job, ...common } = links[0];
    expect(read.body).toEqual({
      ...common,
      interviews: [first, second].map((interview) => ({
        uuid: expect.stringMatching(UUID),
        interview_uuid: interview.uuid,
        scheduled_at: interview.scheduled_at,
        completed_at: interview.completed_at,
        type: 'live',
        job: { uuid: company.job.uuid, title: company.job.title },
      })),
    });

    const opened = await openShared(t, tokenOf(links[1].url));
    expect(opened.status).toBe(200);
    expect(opened.body.interviews.map((i: any) => [i.uuid, i.candidate.name])).toEqual([
      [first.uuid, 'Ada First'],
      [second.uuid, 'Bo Second'],
    ]);
  });

  it('publishes send_email false unless the creator asks for the email', async () => {
    const interview = await completedInterview(company);
    const [explicit] = await share({ status: 'active', send_email: false, reviewers: [REVIEWERS[0]], interviews: [{ uuid: interview.uuid }] });
    const [omitted] = await share({ reviewers: [REVIEWERS[1]], interviews: [{ uuid: interview.uuid }] });
    expect(omitted.status).toBe('active');
    expect((await events.next(explicit.uuid, 'sharing.share_link.created')).payload.send_email).toBe(false);
    expect((await events.next(omitted.uuid, 'sharing.share_link.created')).payload.send_email).toBe(false);
  });

  it('lists the company links newest first, paged with Content-Range, without interviews', async () => {
    const interview = await completedInterview(company);
    const [newest] = await share({
      status: 'inactive',
      reviewers: [{ name: 'Lou List', email: 'lou@reviewers.example' }],
      interviews: [{ uuid: interview.uuid }],
    });
    const all = await company.api.get('/share_links?range=0-99');
    expect(all.status).toBe(200);
    const total = totalOf(all.headers.get('content-range'));
    expect(all.headers.get('content-range')).toBe(`items 0-${total - 1}/${total}`);
    expect(all.body[0]).toEqual({ ...newest, job: undefined });
    expect(all.body[0]).not.toHaveProperty('interviews');
    expect(all.body[0]).not.toHaveProperty('job');

    const page = await company.api.get('/share_links?range=1-1');
    expect(page.headers.get('content-range')).toBe(`items 1-1/${total}`);
    expect(page.body).toEqual([all.body[1]]);
    expect((await company.api.get(`/share_links?range=${total}-${total + 5}`)).headers.get('content-range')).toBe(`items */${total}`);
    expectError(await company.api.get('/share_links?range=5-1'), 400, 'api.validation_failed');

    expect((await other.api.get('/share_links')).headers.get('content-range')).toBe('items */0');
  });

  it('changes status (201) and deletes (204), and the public view follows', async () => {
    const interview = await completedInterview(company);
    const [link] = await share({ status: 'active', reviewers: [REVIEWERS[0]], interviews: [{ uuid: interview.uuid }] });
    const token = tokenOf(link.url);
    expect((await openShared(t, token)).status).toBe(200);

    const inactive = await company.api.put(`/share_links/${link.uuid}`, { status: 'inactive' });
    expect(inactive.status).toBe(201);
    expect(inactive.body).toMatchObject({ uuid: link.uuid, status: 'inactive', interviews: [{ interview_uuid: interview.uuid }] });
    expectError(await openShared(t, token), 404, 'api.share_link_not_found');
    expect((await events.next(link.uuid, 'sharing.share_link.updated')).payload).toMatchObject({ status: 'inactive', send_email: false, version: 2 });

    expect((await company.api.put(`/share_links/${link.uuid}`, { status: 'active' })).body.status).toBe('active');
    expect((await openShared(t, token)).status).toBe(200);

    expect((await company.api.delete(`/share_links/${link.uuid}`)).status).toBe(204);
    expectError(await openShared(t, token), 404, 'api.share_link_not_found');
    expectError(await company.api.get(`/share_links/${link.uuid}`), 404, 'api.share_link_not_found');
    expectError(await company.api.delete(`/share_links/${link.uuid}`), 404, 'api.share_link_not_found');
    expect((await events.next(link.uuid, 'sharing.share_link.deleted')).payload).toMatchObject({ uuid: link.uuid, version: 4 });
  });

  it('refuses, naming it, an interview that is not a completed interview of the company', async () => {
    const completed = await completedInterview(company);
    const requested = await openInterview(company);
    const foreign = await completedInterview(other);
    const unknown = randomUUID();
    const refused = await company.api.post('/share_links', {
      reviewers: [REVIEWERS[0]],
      interviews: [{ uuid: completed.uuid }, { uuid: requested.uuid }, { uuid: foreign.uuid }, { uuid: unknown }],
    });
    expectError(refused, 400, 'api.share_link_interview_not_completed');
    expect(refused.body.errors.map((e: any) => e.field)).toEqual(['interviews.1.uuid', 'interviews.2.uuid', 'interviews.3.uuid']);
    for (const uuid of [requested.uuid, foreign.uuid, unknown]) expect(refused.body.reason).toContain(uuid);

    const invalid = await company.api.post('/share_links', { reviewers: [], interviews: [{ uuid: 'nope' }], status: 'paused', send_email: 'yes' });
    expectError(invalid, 400, 'api.validation_failed');
    expect(invalid.body.errors.map((e: any) => e.field).sort()).toEqual(['interviews.0.uuid', 'reviewers', 'send_email', 'status']);
    const twice = await company.api.post('/share_links', {
      reviewers: [REVIEWERS[0], { ...REVIEWERS[0], name: 'Again' }],
      interviews: [{ uuid: completed.uuid }],
    });
    expectError(twice, 400, 'api.validation_failed');
    expect(twice.body.errors[0].field).toBe('reviewers.1.email');
  });

  it('needs the plan feature advanced_share_links (402)', async () => {
    const starter = await companyWithJob(t, 'starter');
    const interview = await completedInterview(starter);
    const refused = await starter.api.post('/share_links', { reviewers: [REVIEWERS[0]], interviews: [{ uuid: interview.uuid }] });
    expectError(refused, 402, 'api.plan_advanced_share_links_required');
    expect((await starter.api.get('/share_links')).headers.get('content-range')).toBe('items */0');
    // An upgrade applies at once.
    await t.operator.setPlan(starter.companyUuid, 'growth');
    expect((await starter.api.post('/share_links', { reviewers: [REVIEWERS[0]], interviews: [{ uuid: interview.uuid }] })).status).toBe(201);
  });

  it('is 404 for another company on every method, and no access for job seekers', async () => {
    const interview = await completedInterview(company);
    const [link] = await share({ reviewers: [REVIEWERS[0]], interviews: [{ uuid: interview.uuid }] });
    expectError(await other.api.get(`/share_links/${link.uuid}`), 404, 'api.share_link_not_found');
    expectError(await other.api.put(`/share_links/${link.uuid}`, { status: 'inactive' }), 404, 'api.share_link_not_found');
    expectError(await other.api.delete(`/share_links/${link.uuid}`), 404, 'api.share_link_not_found');
    expect((await other.api.get('/share_links')).body.map((l: any) => l.uuid)).not.toContain(link.uuid);
    // Another company cannot share this company's interview either.
    expectError(
      await other.api.post('/share_links', { reviewers: [REVIEWERS[0]], interviews: [{ uuid: interview.uuid }] }),
      400,
      'api.share_link_interview_not_completed',
    );

    const seeker = await openInterview(company);
    const token = await creations.candidateToken(seeker.uuid);
    const candidate = new ApiClient(t.baseUrl, undefined);
    const as = (method: string, path: string, body?: unknown) =>
      candidate.request(method, path, { headers: { authorization: `Bearer ${token}` }, ...(body ? { body } : {}) });
    expectError(await as('GET', '/share_links'), 403, 'api.company_user_required');
    expectError(await as('POST', '/share_links', { reviewers: [REVIEWERS[0]], interviews: [{ uuid: seeker.uuid }] }), 403, 'api.company_user_required');
    expectError(await as('GET', `/share_links/${link.uuid}`), 404, 'api.share_link_not_found');
    expectError(await as('PUT', `/share_links/${link.uuid}`, { status: 'inactive' }), 404, 'api.share_link_not_found');
    expectError(await as('DELETE', `/share_links/${link.uuid}`), 404, 'api.share_link_not_found');
    expect((await company.api.get(`/share_links/${link.uuid}`)).body.status).toBe('active');
  });

  it('keeps the other interviews of a link when one is deleted, and stops when none is left', async () => {
    const kept = await completedInterview(company, 'Kim Kept');
    const removed = await completedInterview(company, 'Ray Removed');
    const [link] = await share({ reviewers: [REVIEWERS[0]], interviews: [{ uuid: kept.uuid }, { uuid: removed.uuid }] });
    const token = tokenOf(link.url);
    expect((await company.api.delete(`/interviews/${removed.uuid}`)).status).toBe(204);
    expect((await openShared(t, token)).body.interviews.map((i: any) => i.uuid)).toEqual([kept.uuid]);
    expect((await company.api.get(`/share_links/${link.uuid}`)).body.interviews.map((i: any) => i.interview_uuid)).toEqual([kept.uuid]);
    expect((await company.api.delete(`/interviews/${kept.uuid}`)).status).toBe(204);
    expectError(await openShared(t, token), 404, 'api.share_link_not_found');
  });
});
