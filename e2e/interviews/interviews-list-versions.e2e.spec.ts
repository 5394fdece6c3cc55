import { waitFor } from '@vi/platform-testing';
import { startTestSystem, type TestSystem } from '../support/test-system';
import { uuids } from '../jobs/job-helpers';
import { companyWithJob, createInterview, interviewBody, listInterviews, liveBody, seekerEmail } from './interview-helpers';

/**
 * Decision 050: interviews answers a page it rendered before as it was while the company's list version has not
 * moved. Through the gateway, each kind of change shows on the next pages: those made in interviews at once, those
 * of other services (identity's users, jobs' jobs, sharing's links) once their event is applied, as before.
 */
describe('GET /interviews after each kind of change (pages served again, decision 050)', () => {
  let t: TestSystem;
  let company: Awaited<ReturnType<typeof companyWithJob>>;
  let live: any;
  let oneWay: any;
  /** Two reads: the second one finds the first one's page kept. */
  const listTwice = async () => {
    await listInterviews(company.api);
    return listInterviews(company.api);
  };
  const itemOf = async (uuid: string) => (await listInterviews(company.api)).items.find((i) => i.uuid === uuid);

  beforeAll(async () => {
    t = await startTestSystem();
    company = await companyWithJob(t, 'unlimited', { title: 'Night welder' });
    live = await createInterview(company.api, liveBody(company.job.uuid, { assigned_to: { name: 'Lee Live', email: seekerEmail('lee') } }));
    oneWay = await createInterview(company.api, interviewBody(company.job.uuid, { assigned_to: { name: 'Omar One', email: seekerEmail('omar') } }));
  });
  afterAll(() => t.stop());

  it('a creation and a status change show on the next page', async () => {
    expect((await listTwice()).total).toBe(2);
    const third = await createInterview(company.api, liveBody(company.job.uuid));
    const after = await listInterviews(company.api);
    expect({ total: after.total, listed: uuids(after.items).sort() }).toEqual({ total: 3, listed: [live.uuid, oneWay.uuid, third.uuid].sort() });

    await listTwice();
    expect((await company.api.put(`/interviews/${oneWay.uuid}`, { status: 'canceled' })).status).toBe(201);
    expect((await itemOf(oneWay.uuid))?.status).toBe('canceled');
    expect((await listInterviews(company.api, '?status[]=canceled')).total).toBe(1);
  });

  it('the creator renamed in identity', async () => {
    await listTwice();
    expect((await company.api.put(`/users/${company.me.user.uuid}`, { name: 'Renamed Admin' })).status).toBe(201);
    await waitFor(async () => (await listInterviews(company.api)).items.every((i) => i.created_by.name === 'Renamed Admin'), 5_000, 50);
  });

  it('the job renamed and deactivated in jobs', async () => {
    await listTwice();
    expect((await company.api.put(`/jobs/${company.job.uuid}`, { title: 'Day welder', status: 'inactive' })).status).toBe(200);
    await waitFor(
      async () => (await listInterviews(company.api)).items.every((i) => i.job_post.title === 'Day welder' && i.job_post.status === 'inactive'),
      5_000,
      50,
    );
  });

  it("a share link, shown with the URL the gateway asks sharing for, then the link's status", async () => {
    expect((await company.api.put(`/interviews/${live.uuid}`, { status: 'completed' })).status).toBe(201);
    await listTwice();
    const link = (await company.api.post(`/interviews/${live.uuid}/share_link`)).body;
    await waitFor(async () => (await itemOf(live.uuid))?.share_link?.uuid === link.uuid, 5_000, 50);
    expect((await itemOf(live.uuid))?.share_link).toEqual(link);

    await listTwice();
    const inactive = (await company.api.put(`/interviews/${live.uuid}/share_link/${link.uuid}`, { status: 'inactive' })).body;
    await waitFor(async () => (await itemOf(live.uuid))?.share_link?.status === 'inactive', 5_000, 50);
    expect((await itemOf(live.uuid))?.share_link).toEqual(inactive);
  });

  it('a deletion', async () => {
    const before = await listTwice();
    expect((await company.api.delete(`/interviews/${oneWay.uuid}`)).status).toBe(204);
    const after = await listInterviews(company.api);
    expect({ total: after.total, listed: uuids(after.items).includes(oneWay.uuid) }).toEqual({ total: before.total - 1, listed: false });
  });
});
