import { waitFor } from '@vi/platform-testing';
import { startTestSystem, type TestSystem } from '../support/test-system';
import { createJob, listJobs, whoAmI } from './job-helpers';

/** Jobs name their people (created_by, status_updated_by); the jobs service keeps those names cached (decision 023). */
describe('/jobs: the names of people stay current', () => {
  let t: TestSystem;
  beforeAll(async () => {
    t = await startTestSystem();
  });
  afterAll(() => t.stop());

  it('a renamed user shows under the new name on the pages and jobs read after the rename', async () => {
    const company = await t.createCompany();
    const me = await whoAmI(company.api);
    const job = await createJob(company.api, { title: 'Named by its creator' });
    expect((await listJobs(company.api)).items[0].created_by.name).toBe(me.user.name);

    const renamed = await company.api.put(`/users/${me.user.uuid}`, { name: 'Someone Else Now' });
    expect(renamed.status).toBe(201);
    // The summary cache would keep the old name for 60 s: the new one within 10 s came by the rename's event (a
    // bound, not a speed: a loaded CI machine took more than a second).
    await waitFor(async () => (await listJobs(company.api)).items[0].created_by.name === 'Someone Else Now', 10_000, 10);
    const read = await company.api.get(`/jobs/${job.uuid}`);
    expect(read.body.created_by).toEqual({ ...me.user, name: 'Someone Else Now' });
    expect(read.body.status_updated_by.name).toBe('Someone Else Now');
  });
});
