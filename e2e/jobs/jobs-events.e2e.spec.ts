import type { BusMessage, Subscription } from '@vi/platform-bus';
import { waitFor } from '@vi/platform-testing';
import { settled } from '../support/barrier';
import { startTestSystem, type TestSystem } from '../support/test-system';
import { expectError } from '../support/expectations';
import { collectJobEvents, createJob, createStandardUser, jobBody, whoAmI } from './job-helpers';

const EVENT_TIMEOUT_MS = 5_000;

describe('/jobs: JobCreated, JobUpdated, JobDeleted on the bus', () => {
  let t: TestSystem;
  let messages: BusMessage<any>[];
  let subscription: Subscription;
  beforeAll(async () => {
    t = await startTestSystem();
    ({ messages, subscription } = await collectJobEvents(t.system.bus));
  });
  afterAll(async () => {
    await subscription.close();
    await t.stop();
  });

  const eventsFor = (jobUuid: string) => messages.filter((m) => m.payload?.uuid === jobUuid);
  const eventsOfCompany = (companyUuid: string) => messages.filter((m) => m.payload?.company?.uuid === companyUuid);

  async function nextEvent(jobUuid: string, subject: string, count = 1): Promise<BusMessage<any>> {
    await waitFor(() => eventsFor(jobUuid).filter((m) => m.subject === subject).length >= count, EVENT_TIMEOUT_MS);
    return eventsFor(jobUuid).filter((m) => m.subject === subject)[count - 1];
  }

  it('jobs.job.created carries the job as GET /jobs/<uuid> renders it', async () => {
    const company = await t.createCompany();
    const created = await createJob(company.api, { title: 'Evented', description: 'With a description', status: 'active' });
    const event = await nextEvent(created.uuid, 'jobs.job.created');
    const read = (await company.api.get(`/jobs/${created.uuid}`)).body;
    expect(event.payload).toEqual(read);
    expect(event.payload).toEqual(created);
    expect(event.payload.description).toBe('With a description');
    expect(event.id).toEqual(expect.any(String));
  });

  it('jobs.job.updated carries the job after the update', async () => {
    const company = await t.createCompany();
    const job = await createJob(company.api, { title: 'Before', status: 'inactive' });
    await nextEvent(job.uuid, 'jobs.job.created');

    const renamed = await company.api.put(`/jobs/${job.uuid}`, { title: 'After', locality: { work_mode: 'hybrid', work_place: 'Main office' } });
    expect(renamed.status).toBe(200);
    const first = await nextEvent(job.uuid, 'jobs.job.updated');
    expect(first.payload).toEqual(renamed.body);
    expect(first.payload).toEqual((await company.api.get(`/jobs/${job.uuid}`)).body);

    const activated = await company.api.put(`/jobs/${job.uuid}`, { status: 'active' });
    expect(activated.status).toBe(200);
    const second = await nextEvent(job.uuid, 'jobs.job.updated', 2);
    expect(second.payload).toEqual(activated.body);
    expect(second.payload.status).toBe('active');
    expect(second.id).not.toBe(first.id);
  });

  it('jobs.job.deleted carries the job, now inactive', async () => {
    const company = await t.createCompany();
    const job = await createJob(company.api, { title: 'To delete', description: 'Goes away', status: 'active' });
    await nextEvent(job.uuid, 'jobs.job.created');
    const before = (await company.api.get(`/jobs/${job.uuid}`)).body;

    expect((await company.api.delete(`/jobs/${job.uuid}`)).status).toBe(204);
    const event = await nextEvent(job.uuid, 'jobs.job.deleted');
    expect(Object.keys(event.payload).sort()).toEqual(Object.keys(before).sort());
    expect(event.payload).toEqual({
      ...before,
      status: 'inactive',
      updated_at: expect.any(String),
      status_updated_at: expect.any(String),
      status_updated_by: before.created_by,
    });
    expect(new Date(event.payload.status_updated_at).getTime()).toBeGreaterThanOrEqual(new Date(before.status_updated_at).getTime());
  });

  it('deleting an inactive job publishes jobs.job.deleted with status inactive', async () => {
    const company = await t.createCompany();
    const job = await createJob(company.api, { title: 'Inactive to delete', status: 'inactive' });
    await nextEvent(job.uuid, 'jobs.job.created');
    expect((await company.api.delete(`/jobs/${job.uuid}`)).status).toBe(204);
    const event = await nextEvent(job.uuid, 'jobs.job.deleted');
    expect(event.payload).toEqual({ ...job, updated_at: expect.any(String) });
  });

  it('payloads name real users even when two users change the job at the same time', async () => {
    const company = await t.createCompany();
    const standard = await createStandardUser(company.api, t.as, 'stan@events-race.example');
    const admin = (await whoAmI(company.api)).user;
    const jobsTouched: string[] = [];
    for (let round = 0; round < 4; round++) {
      // A status change by the standard user races a rename by the administrator…
      const renamed = await createJob(company.api, { title: `Rename race ${round}`, status: 'inactive' });
      jobsTouched.push(renamed.uuid);
      await Promise.all([
        standard.api.put(`/jobs/${renamed.uuid}`, { status: 'active' }),
        company.api.put(`/jobs/${renamed.uuid}`, { title: `Renamed ${round}` }),
      ]);
      // …and a deactivation by the standard user races a deletion by the administrator.
      const deleted = await createJob(company.api, { title: `Delete race ${round}`, status: 'active' });
      jobsTouched.push(deleted.uuid);
      await Promise.all([standard.api.put(`/jobs/${deleted.uuid}`, { status: 'inactive' }), company.api.delete(`/jobs/${deleted.uuid}`)]);
    }
    const sentinel = await createJob(company.api, { title: 'Race sentinel', status: 'inactive' });
    await nextEvent(sentinel.uuid, 'jobs.job.created');
    const userUuids = [admin.uuid, standard.summary.uuid];
    const missing = jobsTouched
      .flatMap(eventsFor)
      .filter((m) => m.payload.created_by?.uuid !== admin.uuid || !userUuids.includes(m.payload.status_updated_by?.uuid))
      .map((m) => ({ subject: m.subject, title: m.payload.title, created_by: m.payload.created_by, status_updated_by: m.payload.status_updated_by }));
    expect(missing).toEqual([]);
  });

  it('events carry the X-Request-Id as correlation id', async () => {
    const company = await t.createCompany();
    const requestId = `jobs-e2e-${Date.now()}`;
    const created = await company.api.request('POST', '/jobs', {
      body: jobBody({ title: 'Traced', status: 'inactive' }),
      headers: { 'x-request-id': requestId },
    });
    expect(created.status).toBe(201);
    const event = await nextEvent(created.body.uuid, 'jobs.job.created');
    expect(event.correlationId).toBe(requestId);
  });

  it('a refused request (400, 402, 404) publishes nothing', async () => {
    const company = await t.createCompany('starter');
    const other = await t.createCompany();
    const active = await createJob(company.api, { title: 'Holds the slot', status: 'active' });
    const inactive = await createJob(company.api, { title: 'Waits', status: 'inactive' });
    const otherJob = await createJob(other.api, { title: 'Not yours', status: 'inactive' });
    await nextEvent(active.uuid, 'jobs.job.created');
    await nextEvent(inactive.uuid, 'jobs.job.created');
    await nextEvent(otherJob.uuid, 'jobs.job.created');

    expectError(await company.api.post('/jobs', jobBody({ title: 'No slot', status: 'active' })), 402, 'api.plan_job_slots_exhausted');
    expectError(await company.api.put(`/jobs/${inactive.uuid}`, { status: 'active' }), 402, 'api.plan_job_slots_exhausted');
    expectError(await company.api.post('/jobs', jobBody({ title: '' })), 400, 'api.validation_failed');
    expectError(await company.api.put(`/jobs/${active.uuid}`, { status: 'bogus' }), 400, 'api.validation_failed');
    expectError(await company.api.put(`/jobs/${active.uuid}`, {}), 400, 'api.validation_failed');
    expectError(await company.api.put(`/jobs/${otherJob.uuid}`, { title: 'Hijack' }), 404, 'api.job_not_found');
    expectError(await company.api.delete(`/jobs/${otherJob.uuid}`), 404, 'api.job_not_found');

    // A sentinel after the refusals: once its event is in, anything published before it is too.
    const sentinel = await createJob(company.api, { title: 'Sentinel', status: 'inactive' });
    await nextEvent(sentinel.uuid, 'jobs.job.created');
    await settled(t);
    expect(eventsOfCompany(company.companyUuid).map((m) => [m.subject, m.payload.title])).toEqual([
      ['jobs.job.created', 'Holds the slot'],
      ['jobs.job.created', 'Waits'],
      ['jobs.job.created', 'Sentinel'],
    ]);
    expect(eventsOfCompany(other.companyUuid).map((m) => [m.subject, m.payload.title])).toEqual([['jobs.job.created', 'Not yours']]);
  });
});
