import { startTestSystem, type TestSystem } from '../support/test-system';
import { expectError } from '../support/expectations';
import type { ApiClient } from '../support/api-client';
import { createJob, jobBody, listJobs, totalOf, uuids } from './job-helpers';

async function jobSlots(api: ApiClient) {
  const plan = await api.get('/plan');
  expect(plan.status).toBe(200);
  const me = await api.get('/me');
  expect(me.status).toBe(200);
  // GET /me shows the same count as GET /plan.
  expect(me.body.company.plan.jobs).toEqual(plan.body.plan.jobs);
  return plan.body.plan.jobs as { remaining: number; limit: number };
}

describe('/jobs: plan job slots', () => {
  let t: TestSystem;
  beforeAll(async () => {
    t = await startTestSystem();
  });
  afterAll(() => t.stop());

  it('starter (1 active job): 402 when no slot remains; inactive jobs are unlimited; delete and deactivation free the slot', async () => {
    const company = await t.createCompany('starter');
    expect(await jobSlots(company.api)).toEqual({ remaining: 1, limit: 1 });

    const first = await createJob(company.api, { title: 'First active', status: 'active' });
    expect(await jobSlots(company.api)).toEqual({ remaining: 0, limit: 1 });

    const second = await company.api.post('/jobs', jobBody({ title: 'Second active', status: 'active' }));
    expectError(second, 402, 'api.plan_job_slots_exhausted');
    const defaulted = await company.api.post('/jobs', { title: 'Default status is active', location: { city: 'Paris', state: '', country: 'France' } });
    expectError(defaulted, 402, 'api.plan_job_slots_exhausted');
    expect(uuids((await listJobs(company.api)).items)).toEqual([first.uuid]);

    const inactive: any[] = [];
    for (let i = 0; i < 3; i++) inactive.push(await createJob(company.api, { title: `Inactive ${i}`, status: 'inactive' }));
    expect(await jobSlots(company.api)).toEqual({ remaining: 0, limit: 1 });
    expect(totalOf((await listJobs(company.api)).contentRange)).toBe(4);

    // Activating an inactive job needs a slot; the refused update changes nothing.
    const activate = await company.api.put(`/jobs/${inactive[0].uuid}`, { status: 'active', title: 'Should not be renamed' });
    expectError(activate, 402, 'api.plan_job_slots_exhausted');
    expect((await company.api.get(`/jobs/${inactive[0].uuid}`)).body).toEqual(inactive[0]);
    // Other edits of inactive jobs need none.
    expect((await company.api.put(`/jobs/${inactive[0].uuid}`, { title: 'Renamed inactive', status: 'inactive' })).status).toBe(200);
    // The active job keeps its slot through edits, even with status active repeated.
    const edited = await company.api.put(`/jobs/${first.uuid}`, { title: 'First, edited', status: 'active' });
    expect(edited.status).toBe(200);
    expect(await jobSlots(company.api)).toEqual({ remaining: 0, limit: 1 });

    // Deactivation frees the slot, and another job may take it.
    expect((await company.api.put(`/jobs/${first.uuid}`, { status: 'inactive' })).status).toBe(200);
    expect(await jobSlots(company.api)).toEqual({ remaining: 1, limit: 1 });
    const activated = await company.api.put(`/jobs/${inactive[1].uuid}`, { status: 'active' });
    expect(activated.status).toBe(200);
    expect(activated.body.status).toBe('active');
    expect(await jobSlots(company.api)).toEqual({ remaining: 0, limit: 1 });

    // Deleting an inactive job frees nothing; deleting the active one frees its slot.
    expect((await company.api.delete(`/jobs/${inactive[2].uuid}`)).status).toBe(204);
    expect(await jobSlots(company.api)).toEqual({ remaining: 0, limit: 1 });
    expect((await company.api.delete(`/jobs/${inactive[1].uuid}`)).status).toBe(204);
    expect(await jobSlots(company.api)).toEqual({ remaining: 1, limit: 1 });

    const again = await company.api.post('/jobs', { title: 'Takes the freed slot', locality: { work_mode: 'remote', work_place: '' } });
    expect(again.status).toBe(201);
    expect(again.body.status).toBe('active');
    expect(await jobSlots(company.api)).toEqual({ remaining: 0, limit: 1 });
    const active = await listJobs(company.api, '?status[]=active');
    expect(uuids(active.items)).toEqual([again.body.uuid]);
    expect(active.contentRange).toBe('items 0-0/1');
  });

  it('an operator upgrade applies at once: starter to growth opens nine more slots', async () => {
    const company = await t.createCompany('starter');
    await createJob(company.api, { title: 'Only slot', status: 'active' });
    expectError(await company.api.post('/jobs', jobBody({ title: 'Refused', status: 'active' })), 402, 'api.plan_job_slots_exhausted');
    await t.operator.setPlan(company.companyUuid, 'growth');
    expect(await jobSlots(company.api)).toEqual({ remaining: 9, limit: 10 });
    expect((await company.api.post('/jobs', jobBody({ title: 'Now allowed', status: 'active' }))).status).toBe(201);
    expect(await jobSlots(company.api)).toEqual({ remaining: 8, limit: 10 });
  });

  it('unlimited: remaining stays -1', async () => {
    const company = await t.createCompany('unlimited');
    expect(await jobSlots(company.api)).toEqual({ remaining: -1, limit: -1 });
    for (let i = 0; i < 3; i++) await createJob(company.api, { title: `Unlimited ${i}`, status: 'active' });
    expect(await jobSlots(company.api)).toEqual({ remaining: -1, limit: -1 });
  });

  it('growth (10 jobs): 10 simultaneous creations with 3 slots left give exactly three 201s', async () => {
    const company = await t.createCompany('growth');
    expect(await jobSlots(company.api)).toEqual({ remaining: 10, limit: 10 });
    for (let i = 0; i < 7; i++) await createJob(company.api, { title: `Existing ${i}`, status: 'active' });
    expect(await jobSlots(company.api)).toEqual({ remaining: 3, limit: 10 });

    const racers = await Promise.all(Array.from({ length: 10 }, (_, i) => company.api.post('/jobs', jobBody({ title: `Racer ${i}`, status: 'active' }))));
    expect(racers.map((r) => r.status).sort()).toEqual([201, 201, 201, 402, 402, 402, 402, 402, 402, 402]);
    for (const refused of racers.filter((r) => r.status === 402)) expectError(refused, 402, 'api.plan_job_slots_exhausted');

    expect(await jobSlots(company.api)).toEqual({ remaining: 0, limit: 10 });
    const active = await listJobs(company.api, '?status[]=active&range=0-99');
    expect(active.items).toHaveLength(10);
    expect(active.contentRange).toBe('items 0-9/10');
    const winners = racers.filter((r) => r.status === 201).map((r) => r.body.uuid as string);
    expect(uuids(active.items)).toEqual(expect.arrayContaining(winners));
    expect(totalOf((await listJobs(company.api)).contentRange)).toBe(10);
  });

  it('starter: simultaneous activations of inactive jobs give exactly one winner', async () => {
    const company = await t.createCompany('starter');
    const inactive: any[] = [];
    for (let i = 0; i < 5; i++) inactive.push(await createJob(company.api, { title: `Waiting ${i}`, status: 'inactive' }));
    const racers = await Promise.all(inactive.map((job) => company.api.put(`/jobs/${job.uuid}`, { status: 'active' })));
    expect(racers.map((r) => r.status).sort()).toEqual([200, 402, 402, 402, 402]);
    expect(await jobSlots(company.api)).toEqual({ remaining: 0, limit: 1 });
    const active = await listJobs(company.api, '?status[]=active');
    expect(uuids(active.items)).toEqual([racers.find((r) => r.status === 200)!.body.uuid]);
    expect(active.contentRange).toBe('items 0-0/1');
    expect((await listJobs(company.api, '?status[]=inactive')).contentRange).toBe('items 0-3/4');
  });
});
