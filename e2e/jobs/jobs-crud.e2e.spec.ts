import { randomUUID } from 'node:crypto';
import { startTestSystem, type TestSystem } from '../support/test-system';
import { expectError } from '../support/expectations';
import { asListItem, createJob, createStandardUser, expectJobShape, jobBody, listJobs, totalOf, uuids, whoAmI } from './job-helpers';

describe('/jobs: create, read, list, update, delete', () => {
  let t: TestSystem;
  beforeAll(async () => {
    t = await startTestSystem();
  });
  afterAll(() => t.stop());

  it('POST 201 returns the full job; GET returns the same; the list item omits description', async () => {
    const company = await t.createCompany();
    const me = await whoAmI(company.api);
    const created = await company.api.post('/jobs', {
      title: 'Senior Backend Engineer',
      description: 'Own the interview API.',
      status: 'active',
      location: { city: 'Austin', state: 'TX', country: 'United States' },
    });
    expect(created.status).toBe(201);
    expectJobShape(created.body, { description: true });
    expect(created.body).toEqual({
      uuid: expect.any(String),
      status: 'active',
      title: 'Senior Backend Engineer',
      description: 'Own the interview API.',
      created_at: expect.any(String),
      updated_at: expect.any(String),
      status_updated_at: expect.any(String),
      created_by: me.user,
      status_updated_by: me.user,
      company: me.company,
      location: { uuid: expect.any(String), formatted_address: 'Austin, TX, United States', city: 'Austin', state: 'TX', country: 'United States' },
      locality: null,
      open_interview: null,
      job_video: null,
    });
    expect(created.body.company.uuid).toBe(company.companyUuid);
    expect(created.body.created_by.uuid).toBe(company.adminUuid);

    const read = await company.api.get(`/jobs/${created.body.uuid}`);
    expect(read.status).toBe(200);
    expectJobShape(read.body, { description: true });
    expect(read.body).toEqual(created.body);

    const list = await listJobs(company.api);
    expect(list.items).toHaveLength(1);
    expectJobShape(list.items[0], { description: false });
    expect(list.items[0]).toEqual(asListItem(created.body));
    expect(list.contentRange).toBe('items 0-0/1');
  });

  it('defaults: description empty, status active', async () => {
    const company = await t.createCompany();
    const created = await company.api.post('/jobs', { title: 'Minimal', locality: { work_mode: 'remote', work_place: '' } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ title: 'Minimal', description: '', status: 'active', location: { formatted_address: 'Remote' } });
    expectJobShape(created.body, { description: true });
  });

  it('accepts a title of 200 characters and a description of 20,000; refuses one more of each', async () => {
    const company = await t.createCompany();
    const longest = await company.api.post('/jobs', jobBody({ title: 'T'.repeat(200), description: 'd'.repeat(20_000), status: 'inactive' }));
    expect(longest.status).toBe(201);
    expect(longest.body.title).toHaveLength(200);
    expect(longest.body.description).toHaveLength(20_000);
    const tooLongTitle = await company.api.post('/jobs', jobBody({ title: 'T'.repeat(201) }));
    expectError(tooLongTitle, 400, 'api.validation_failed');
    expect(tooLongTitle.body.errors.map((e: { field: string }) => e.field)).toEqual(['title']);
    const tooLongDescription = await company.api.post('/jobs', jobBody({ description: 'd'.repeat(20_001) }));
    expectError(tooLongDescription, 400, 'api.validation_failed');
    expect(tooLongDescription.body.errors.map((e: { field: string }) => e.field)).toEqual(['description']);
    expect(totalOf((await listJobs(company.api)).contentRange)).toBe(1);
  });

  it('PUT 200: every property optional; only the given ones change', async () => {
    const company = await t.createCompany();
    const job = await createJob(company.api, { title: 'Original', description: 'Original text', status: 'active' });

    const renamed = await company.api.put(`/jobs/${job.uuid}`, { title: 'Renamed' });
    expect(renamed.status).toBe(200);
    expectJobShape(renamed.body, { description: true });
    expect(renamed.body).toEqual({ ...job, title: 'Renamed', updated_at: expect.any(String) });
    expect(new Date(renamed.body.updated_at).getTime()).toBeGreaterThanOrEqual(new Date(job.updated_at).getTime());

    const described = await company.api.put(`/jobs/${job.uuid}`, { description: 'New text' });
    expect(described.status).toBe(200);
    expect(described.body).toEqual({ ...renamed.body, description: 'New text', updated_at: expect.any(String) });

    const emptied = await company.api.put(`/jobs/${job.uuid}`, { description: '' });
    expect(emptied.status).toBe(200);
    expect(emptied.body.description).toBe('');

    const moved = await company.api.put(`/jobs/${job.uuid}`, { location: { city: 'Paris', state: '', country: 'France' } });
    expect(moved.status).toBe(200);
    expect(moved.body).toEqual({
      ...emptied.body,
      location: { uuid: expect.any(String), formatted_address: 'Paris, France', city: 'Paris', state: '', country: 'France' },
      updated_at: expect.any(String),
    });
    expect(moved.body.location.uuid).not.toBe(job.location.uuid);

    const remote = await company.api.put(`/jobs/${job.uuid}`, { locality: { work_mode: 'remote', work_place: '' } });
    expect(remote.status).toBe(200);
    expect(remote.body.location.formatted_address).toBe('Remote');

    const all = await company.api.put(`/jobs/${job.uuid}`, {
      title: 'Everything',
      description: 'All at once',
      status: 'inactive',
      locality: { work_mode: 'hybrid', work_place: 'Berlin office' },
    });
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ title: 'Everything', description: 'All at once', status: 'inactive', location: { formatted_address: 'Berlin office' } });

    const read = await company.api.get(`/jobs/${job.uuid}`);
    expect(read.body).toEqual(all.body);
    expect(read.body.created_at).toBe(job.created_at);
    expect(read.body.created_by).toEqual(job.created_by);
  });

  it('DELETE 204: then 404 for GET, PUT and DELETE, gone from every list', async () => {
    const company = await t.createCompany();
    const kept = await createJob(company.api, { title: 'Kept' });
    const doomed = await createJob(company.api, { title: 'Doomed' });
    const doomedInactive = await createJob(company.api, { title: 'Doomed inactive', status: 'inactive' });
    expect(totalOf((await listJobs(company.api)).contentRange)).toBe(3);

    const deleted = await company.api.delete(`/jobs/${doomed.uuid}`);
    expect(deleted.status).toBe(204);
    expect(deleted.body).toBe('');
    expect((await company.api.delete(`/jobs/${doomedInactive.uuid}`)).status).toBe(204);

    for (const uuid of [doomed.uuid, doomedInactive.uuid]) {
      expectError(await company.api.get(`/jobs/${uuid}`), 404, 'api.job_not_found');
      expectError(await company.api.put(`/jobs/${uuid}`, { title: 'Back from the dead' }), 404, 'api.job_not_found');
      expectError(await company.api.put(`/jobs/${uuid}`, { status: 'active' }), 404, 'api.job_not_found');
      expectError(await company.api.delete(`/jobs/${uuid}`), 404, 'api.job_not_found');
    }
    for (const query of ['', '?status[]=inactive', '?status[]=active', '?status[]=active&status[]=inactive', '?orderby=title_asc']) {
      const list = await listJobs(company.api, query);
      expect(uuids(list.items)).not.toContain(doomed.uuid);
      expect(uuids(list.items)).not.toContain(doomedInactive.uuid);
    }
    const all = await listJobs(company.api);
    expect(uuids(all.items)).toEqual([kept.uuid]);
    expect(all.contentRange).toBe('items 0-0/1');
    expect((await listJobs(company.api, '?status[]=inactive')).contentRange).toBe('items */0');
  });

  it('404 api.job_not_found for an unknown uuid, api.not_found for a path id that is not a uuid, 405 with Allow', async () => {
    const company = await t.createCompany();
    const unknown = randomUUID();
    expectError(await company.api.get(`/jobs/${unknown}`), 404, 'api.job_not_found');
    expectError(await company.api.put(`/jobs/${unknown}`, { title: 'x' }), 404, 'api.job_not_found');
    expectError(await company.api.delete(`/jobs/${unknown}`), 404, 'api.job_not_found');
    expectError(await company.api.get('/jobs/not-a-uuid'), 404, 'api.not_found');
    expectError(await company.api.put('/jobs/not-a-uuid', { title: 'x' }), 404, 'api.not_found');
    expectError(await company.api.delete('/jobs/not-a-uuid'), 404, 'api.not_found');

    const patchList = await company.api.request('PATCH', '/jobs', {});
    expectError(patchList, 405, 'api.method_not_allowed');
    expect(patchList.headers.get('allow')).toBe('GET, HEAD, POST');
    const job = await createJob(company.api);
    const postOne = await company.api.post(`/jobs/${job.uuid}`, { title: 'x' });
    expectError(postOne, 405, 'api.method_not_allowed');
    expect(postOne.headers.get('allow')).toBe('GET, HEAD, PUT, DELETE');
  });

  it('401 without a key, 400 api.malformed_json for broken JSON (nothing created)', async () => {
    const company = await t.createCompany();
    expectError(await t.as(undefined).get('/jobs'), 401, 'api.key_not_set');
    expectError(await t.as(undefined).post('/jobs', jobBody()), 401, 'api.key_not_set');
    expectError(await company.api.request('POST', '/jobs', { rawBody: '{"title": "x",' }), 400, 'api.malformed_json');
    expect((await listJobs(company.api)).contentRange).toBe('items */0');
  });

  it('status_updated_at/by change only when the status changes', async () => {
    // Timestamps have whole seconds: wait into the next second so that a change would show.
    const nextSecond = () => new Promise((r) => setTimeout(r, 1_100));
    const seconds = (stamp: string) => new Date(stamp).getTime();
    const company = await t.createCompany('growth');
    const standard = await createStandardUser(company.api, t.as, 'stan@status.example');
    const admin = (await whoAmI(company.api)).user;
    const job = await createJob(company.api, { title: 'Status watch', status: 'active' });
    expect(job.status_updated_by).toEqual(admin);
    expect(seconds(job.status_updated_at)).toBeGreaterThanOrEqual(seconds(job.created_at));

    // Title only, by another user: status fields untouched, updated_at moves.
    await nextSecond();
    const renamed = await standard.api.put(`/jobs/${job.uuid}`, { title: 'Status watch renamed' });
    expect(renamed.status).toBe(200);
    expect(seconds(renamed.body.updated_at)).toBeGreaterThan(seconds(job.updated_at));
    expect(renamed.body.status_updated_at).toBe(job.status_updated_at);
    expect(renamed.body.status_updated_by).toEqual(admin);
    expect(renamed.body.created_by).toEqual(admin);

    // The same status again is no change either.
    const same = await standard.api.put(`/jobs/${job.uuid}`, { status: 'active', description: 'same status' });
    expect(same.status).toBe(200);
    expect(same.body.status_updated_at).toBe(job.status_updated_at);
    expect(same.body.status_updated_by).toEqual(admin);

    // A real change by the standard user: both fields move to them.
    const deactivated = await standard.api.put(`/jobs/${job.uuid}`, { status: 'inactive' });
    expect(deactivated.status).toBe(200);
    expect(deactivated.body.status).toBe('inactive');
    expect(deactivated.body.status_updated_by).toEqual(standard.summary);
    expect(deactivated.body.created_by).toEqual(admin);
    expect(seconds(deactivated.body.status_updated_at)).toBeGreaterThan(seconds(job.status_updated_at));

    // And back by the administrator.
    await nextSecond();
    const reactivated = await company.api.put(`/jobs/${job.uuid}`, { status: 'active' });
    expect(reactivated.status).toBe(200);
    expect(reactivated.body.status_updated_by).toEqual(admin);
    expect(seconds(reactivated.body.status_updated_at)).toBeGreaterThan(seconds(deactivated.body.status_updated_at));
    expect((await company.api.get(`/jobs/${job.uuid}`)).body).toEqual(reactivated.body);
  });

  it('simultaneous updates by two users still render every user summary (responses and reads)', async () => {
    const company = await t.createCompany();
    const standard = await createStandardUser(company.api, t.as, 'stan@race.example');
    const admin = (await whoAmI(company.api)).user;
    for (let round = 0; round < 6; round++) {
      const job = await createJob(company.api, { title: `Race ${round}`, status: 'inactive' });
      // The standard user changes the status while the administrator renames the job.
      const [statusChange, rename] = await Promise.all([
        standard.api.put(`/jobs/${job.uuid}`, { status: 'active' }),
        company.api.put(`/jobs/${job.uuid}`, { title: `Race ${round} renamed` }),
      ]);
      expect([statusChange.status, rename.status]).toEqual([200, 200]);
      expect(statusChange.body.status_updated_by).toEqual(standard.summary);
      // Whichever committed last, the rename's answer shows a real user as status_updated_by.
      expect({ round, status_updated_by: rename.body.status_updated_by }).toEqual({
        round,
        status_updated_by: rename.body.status === 'active' ? standard.summary : admin,
      });
      expect(rename.body.created_by).toEqual(admin);
      const read = (await company.api.get(`/jobs/${job.uuid}`)).body;
      expect(read).toMatchObject({ title: `Race ${round} renamed`, status: 'active', status_updated_by: standard.summary, created_by: admin });
    }
  });

  it("a deleted user's jobs keep their created_by and status_updated_by", async () => {
    const company = await t.createCompany();
    const standard = await createStandardUser(company.api, t.as, 'leaver@jobs.example');
    const job = await createJob(standard.api, { title: 'Posted by a leaver', status: 'active' });
    expect((await company.api.delete(`/users/${standard.uuid}`)).status).toBe(204);
    const read = await company.api.get(`/jobs/${job.uuid}`);
    expect(read.status).toBe(200);
    expect(read.body.created_by).toEqual(standard.summary);
    expect(read.body.status_updated_by).toEqual(standard.summary);
    expect((await listJobs(company.api)).items[0]).toEqual(asListItem(read.body));
    const renamed = await company.api.put(`/jobs/${job.uuid}`, { title: 'Still posted by a leaver' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.created_by).toEqual(standard.summary);
  });

  it('a standard user creates, updates and deletes jobs; the administrator sees them', async () => {
    const company = await t.createCompany('starter');
    const standard = await createStandardUser(company.api, t.as, 'stan@jobs.example');
    const created = await standard.api.post('/jobs', jobBody({ title: 'By a standard user', status: 'inactive' }));
    expect(created.status).toBe(201);
    expect(created.body.created_by).toEqual(standard.summary);
    expect(created.body.status_updated_by).toEqual(standard.summary);
    expect((await company.api.get(`/jobs/${created.body.uuid}`)).body).toEqual(created.body);

    const adminJob = await createJob(company.api, { title: 'By the administrator', status: 'active' });
    const updated = await standard.api.put(`/jobs/${adminJob.uuid}`, { title: 'Edited by standard' });
    expect(updated.status).toBe(200);
    expect(updated.body.created_by.uuid).toBe(company.adminUuid);

    expect(uuids((await listJobs(standard.api, '?orderby=title_asc')).items)).toEqual([created.body.uuid, adminJob.uuid]);
    expect((await standard.api.delete(`/jobs/${adminJob.uuid}`)).status).toBe(204);
    expect((await standard.api.delete(`/jobs/${created.body.uuid}`)).status).toBe(204);
    expect((await listJobs(company.api)).contentRange).toBe('items */0');
  });

  it("another company's job is 404 for every method; lists show only the caller's company", async () => {
    const a = await t.createCompany();
    const b = await t.createCompany();
    const aJob = await createJob(a.api, { title: 'A job' });
    const bJob = await createJob(b.api, { title: 'B job' });
    const bInactive = await createJob(b.api, { title: 'B inactive', status: 'inactive' });

    for (const uuid of [bJob.uuid, bInactive.uuid]) {
      expectError(await a.api.get(`/jobs/${uuid}`), 404, 'api.job_not_found');
      expectError(await a.api.put(`/jobs/${uuid}`, { title: 'Hijacked' }), 404, 'api.job_not_found');
      expectError(await a.api.put(`/jobs/${uuid}`, { status: 'inactive' }), 404, 'api.job_not_found');
      expectError(await a.api.delete(`/jobs/${uuid}`), 404, 'api.job_not_found');
    }
    // Nothing changed on B's side.
    expect((await b.api.get(`/jobs/${bJob.uuid}`)).body).toEqual(bJob);
    expect((await b.api.get(`/jobs/${bInactive.uuid}`)).body).toEqual(bInactive);

    for (const query of ['', '?status[]=active', '?status[]=inactive', '?orderby=title_desc', '?orderby=location_asc&range=0-99']) {
      expect(uuids((await listJobs(a.api, query)).items)).toEqual(query === '?status[]=inactive' ? [] : [aJob.uuid]);
    }
    const bList = await listJobs(b.api, '?orderby=title_asc');
    expect(uuids(bList.items)).toEqual([bInactive.uuid, bJob.uuid]); // 'B inactive' < 'B job'
    expect(bList.contentRange).toBe('items 0-1/2');
    expect((await listJobs(a.api)).contentRange).toBe('items 0-0/1');

    // The bootstrap company sees neither.
    const bootstrap = await listJobs(t.admin, '?range=0-99');
    expect(uuids(bootstrap.items)).not.toContain(aJob.uuid);
    expect(uuids(bootstrap.items)).not.toContain(bJob.uuid);
  });
});
