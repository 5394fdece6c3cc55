import { randomUUID } from 'node:crypto';
import { expectError } from '../support/expectations';
import { startTestSystem, type TestSystem } from '../support/test-system';
import { createStandardUser, expectValidationFailed, uuids } from '../jobs/job-helpers';
import {
  DAY_MS,
  asListItem,
  companyWithJob,
  createInterview,
  expectInterviewShape,
  getInterview,
  inFuture,
  interviewBody,
  listInterviews,
  liveBody,
  putInterview,
  seekerEmail,
  totalInterviews,
} from './interview-helpers';

const seconds = (stamp: string) => new Date(stamp).getTime();

describe('/interviews/<uuid>: read, delete, lifecycle by PUT, visibility', () => {
  let t: TestSystem;
  let company: Awaited<ReturnType<typeof companyWithJob>>;
  beforeAll(async () => {
    t = await startTestSystem();
    company = await companyWithJob(t);
  });
  afterAll(() => t.stop());

  describe('GET and DELETE', () => {
    it('GET /interviews/<uuid> shows the interview with its questions, as created', async () => {
      const created = await createInterview(company.api, interviewBody(company.job.uuid));
      const read = await getInterview(company.api, created.uuid);
      expectInterviewShape(read, { questions: true });
      expect(read).toEqual(created);
      expect(read.questions).toHaveLength(2);
    });

    it('GET /interviews lists interviews without the questions key; each item is the single read without questions', async () => {
      const created = await createInterview(company.api, interviewBody(company.job.uuid));
      const list = await listInterviews(company.api, '?range=0-99');
      expect(list.items.length).toBeGreaterThan(0);
      for (const item of list.items) {
        expectInterviewShape(item, { questions: false });
        expect(item).not.toHaveProperty('questions');
      }
      expect(list.items.find((i) => i.uuid === created.uuid)).toEqual(asListItem(created));
      expect(list.contentRange).toBe(`items 0-${list.items.length - 1}/${list.total}`);
    });

    it('DELETE 204; then 404 api.interview_not_found for GET, PUT, DELETE and its questions; gone from the list and its total', async () => {
      const created = await createInterview(company.api, interviewBody(company.job.uuid));
      const before = await listInterviews(company.api, '?range=0-99');
      expect(uuids(before.items)).toContain(created.uuid);

      const deleted = await company.api.delete(`/interviews/${created.uuid}`);
      expect(deleted.status).toBe(204);
      expect(deleted.body).toBe('');

      expectError(await company.api.get(`/interviews/${created.uuid}`), 404, 'api.interview_not_found');
      expectError(await company.api.put(`/interviews/${created.uuid}`, { status: 'canceled' }), 404, 'api.interview_not_found');
      expectError(await company.api.put(`/interviews/${created.uuid}`, { scheduled_at: inFuture(3 * DAY_MS) }), 404, 'api.interview_not_found');
      expectError(await company.api.delete(`/interviews/${created.uuid}`), 404, 'api.interview_not_found');
      expectError(await company.api.get(`/interviews/${created.uuid}/questions`), 404, 'api.interview_not_found');
      expectError(await company.api.get(`/interviews/${created.uuid}/questions/${created.questions[0].uuid}`), 404, 'api.interview_not_found');
      expectError(await company.api.post(`/interviews/${created.uuid}/questions`, { text: 'More', time_limit: 30 }), 404, 'api.interview_not_found');

      const after = await listInterviews(company.api, '?range=0-99');
      expect(uuids(after.items)).not.toContain(created.uuid);
      expect(after.total).toBe(before.total - 1);
      expect(uuids(after.items)).toEqual(uuids(before.items).filter((u) => u !== created.uuid));
    });

    it('any status can be deleted (canceled, completed)', async () => {
      const canceled = await createInterview(company.api, interviewBody(company.job.uuid));
      await putInterview(company.api, canceled.uuid, { status: 'canceled' });
      const completed = await createInterview(company.api, liveBody(company.job.uuid));
      await putInterview(company.api, completed.uuid, { status: 'completed' });
      const before = await totalInterviews(company.api);
      expect((await company.api.delete(`/interviews/${canceled.uuid}`)).status).toBe(204);
      expect((await company.api.delete(`/interviews/${completed.uuid}`)).status).toBe(204);
      expect(await totalInterviews(company.api)).toBe(before - 2);
      const remaining = uuids((await listInterviews(company.api, '?status[]=completed&status[]=canceled&range=0-99')).items);
      expect(remaining).not.toContain(canceled.uuid);
      expect(remaining).not.toContain(completed.uuid);
    });

    it('unknown uuid is 404 api.interview_not_found; a path id that is not a uuid is 404 api.not_found; 405 with Allow', async () => {
      const unknown = randomUUID();
      expectError(await company.api.get(`/interviews/${unknown}`), 404, 'api.interview_not_found');
      expectError(await company.api.put(`/interviews/${unknown}`, { status: 'canceled' }), 404, 'api.interview_not_found');
      expectError(await company.api.delete(`/interviews/${unknown}`), 404, 'api.interview_not_found');
      expectError(await company.api.get('/interviews/not-a-uuid'), 404, 'api.not_found');
      const post = await company.api.post(`/interviews/${unknown}`, {});
      expectError(post, 405, 'api.method_not_allowed');
      expect(post.headers.get('allow')).toBe('GET, HEAD, PUT, DELETE');
      const put = await company.api.put('/interviews', {});
      expectError(put, 405, 'api.method_not_allowed');
      expect(put.headers.get('allow')).toBe('GET, HEAD, POST');
    });
  });

  describe('lifecycle by PUT (201 with the interview)', () => {
    it('cancel a requested interview → canceled; canceling again → 400 api.interview_already_canceled; nothing else changes it', async () => {
      const created = await createInterview(company.api, interviewBody(company.job.uuid));
      const canceled = await putInterview(company.api, created.uuid, { status: 'canceled' });
      expectInterviewShape(canceled, { questions: true });
      expect(canceled).toEqual({ ...created, status: 'canceled', updated_at: expect.any(String) });
      expect(seconds(canceled.updated_at)).toBeGreaterThanOrEqual(seconds(created.updated_at));
      expect(await getInterview(company.api, created.uuid)).toEqual(canceled);

      expectError(await company.api.put(`/interviews/${created.uuid}`, { status: 'canceled' }), 400, 'api.interview_already_canceled');
      expectError(await company.api.put(`/interviews/${created.uuid}`, { scheduled_at: inFuture(3 * DAY_MS) }), 400, 'api.interview_already_canceled');
      expect(await getInterview(company.api, created.uuid)).toEqual(canceled);
    });

    it('a live interview PUT status completed → completed with completed_at; rating 4.5 → 201 rating 4.5', async () => {
      const created = await createInterview(company.api, liveBody(company.job.uuid));
      const before = Date.now();
      const completed = await putInterview(company.api, created.uuid, { status: 'completed' });
      expectInterviewShape(completed, { questions: true });
      expect(completed).toEqual({ ...created, status: 'completed', completed_at: expect.any(String), updated_at: expect.any(String) });
      expect(seconds(completed.completed_at)).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 - 1000);
      expect(seconds(completed.completed_at)).toBeLessThanOrEqual(Date.now() + 1000);
      expect(await getInterview(company.api, created.uuid)).toEqual(completed);

      const rated = await putInterview(company.api, created.uuid, { rating: 4.5 });
      expect(rated).toEqual({ ...completed, rating: 4.5, updated_at: expect.any(String) });
      expect(await getInterview(company.api, created.uuid)).toEqual(rated);

      // 0 and 5 are the bounds; a new rating replaces the old one.
      expect((await putInterview(company.api, created.uuid, { rating: 0 })).rating).toBe(0);
      expect((await putInterview(company.api, created.uuid, { rating: 5 })).rating).toBe(5);
      expect((await getInterview(company.api, created.uuid)).rating).toBe(5);

      // A completed interview stays completed.
      expectError(await company.api.put(`/interviews/${created.uuid}`, { status: 'canceled' }), 400, 'api.interview_already_completed');
      expectError(await company.api.put(`/interviews/${created.uuid}`, { status: 'completed' }), 400, 'api.interview_already_completed');
      expectError(await company.api.put(`/interviews/${created.uuid}`, { scheduled_at: inFuture(3 * DAY_MS) }), 400, 'api.interview_already_completed');
      expect((await getInterview(company.api, created.uuid)).status).toBe('completed');
    });

    it('ratings off the 0.5 grid or outside 0–5 → 400 api.validation_failed naming rating; nothing changes', async () => {
      const created = await createInterview(company.api, liveBody(company.job.uuid));
      const completed = await putInterview(company.api, created.uuid, { status: 'completed' });
      for (const rating of [4.3, 5.5, -0.5, 6, '4', null]) {
        expectValidationFailed(await company.api.put(`/interviews/${created.uuid}`, { rating }), ['rating']);
      }
      expect(await getInterview(company.api, created.uuid)).toEqual(completed);
    });

    it('one_way PUT status completed → 400 api.interview_not_live', async () => {
      const created = await createInterview(company.api, interviewBody(company.job.uuid));
      expectError(await company.api.put(`/interviews/${created.uuid}`, { status: 'completed' }), 400, 'api.interview_not_live');
      expect(await getInterview(company.api, created.uuid)).toEqual(created);
    });

    it.each(['accepted', 'expired', 'requested'])('PUT status %s → 400 api.interview_status_not_settable', async (status) => {
      const created = await createInterview(company.api, liveBody(company.job.uuid));
      expectError(await company.api.put(`/interviews/${created.uuid}`, { status }), 400, 'api.interview_status_not_settable');
      expect(await getInterview(company.api, created.uuid)).toEqual(created);
    });

    it('PUT status bogus → 400 api.validation_failed naming status', async () => {
      const created = await createInterview(company.api, liveBody(company.job.uuid));
      expectValidationFailed(await company.api.put(`/interviews/${created.uuid}`, { status: 'bogus' }), ['status']);
      expect(await getInterview(company.api, created.uuid)).toEqual(created);
    });

    it('rating a requested or canceled interview → 400 (api.interview_not_completed for requested)', async () => {
      const created = await createInterview(company.api, liveBody(company.job.uuid));
      expectError(await company.api.put(`/interviews/${created.uuid}`, { rating: 4 }), 400, 'api.interview_not_completed');
      expect(await getInterview(company.api, created.uuid)).toEqual(created);
      const canceled = await putInterview(company.api, created.uuid, { status: 'canceled' });
      const refused = await company.api.put(`/interviews/${created.uuid}`, { rating: 4 });
      expect(refused.status).toBe(400);
      expect(['api.interview_not_completed', 'api.interview_already_canceled']).toContain(refused.body.code);
      expect(await getInterview(company.api, created.uuid)).toEqual(canceled);
    });

    it('reschedule (scheduled_at in the future) keeps the status and changes scheduled_at', async () => {
      const created = await createInterview(company.api, interviewBody(company.job.uuid, { scheduled_at: inFuture(2 * DAY_MS) }));
      const later = inFuture(9 * DAY_MS);
      const rescheduled = await putInterview(company.api, created.uuid, { scheduled_at: later });
      expectInterviewShape(rescheduled, { questions: true });
      expect(rescheduled).toEqual({ ...created, scheduled_at: later, updated_at: expect.any(String) });
      expect(await getInterview(company.api, created.uuid)).toEqual(rescheduled);

      // Earlier again is fine too, as long as it is in the future.
      const sooner = inFuture(DAY_MS);
      expect((await putInterview(company.api, created.uuid, { scheduled_at: sooner })).scheduled_at).toBe(sooner);
    });

    it('reschedule refusals: past, more than a year ahead, not RFC 3339 → 400 naming scheduled_at; nothing changes', async () => {
      const created = await createInterview(company.api, interviewBody(company.job.uuid));
      for (const scheduled_at of [inFuture(-60_000), inFuture(368 * DAY_MS), '2031-02-03', 'tomorrow', 12345]) {
        expectValidationFailed(await company.api.put(`/interviews/${created.uuid}`, { scheduled_at }), ['scheduled_at']);
      }
      expect(await getInterview(company.api, created.uuid)).toEqual(created);
    });

    it('reschedule and cancel in one PUT: canceled with the new time', async () => {
      const created = await createInterview(company.api, interviewBody(company.job.uuid));
      const later = inFuture(10 * DAY_MS);
      const both = await putInterview(company.api, created.uuid, { scheduled_at: later, status: 'canceled' });
      expect({ status: both.status, scheduled_at: both.scheduled_at }).toEqual({ status: 'canceled', scheduled_at: later });
    });

    it('an empty PUT body (or one with unknown properties only) → 400 api.validation_failed', async () => {
      const created = await createInterview(company.api, interviewBody(company.job.uuid));
      expectValidationFailed(await company.api.put(`/interviews/${created.uuid}`, {}), ['body']);
      expectValidationFailed(await company.api.put(`/interviews/${created.uuid}`, { title: 'nope' }), ['body']);
      expectError(await company.api.request('PUT', `/interviews/${created.uuid}`, { rawBody: '{' }), 400, 'api.malformed_json');
      expect(await getInterview(company.api, created.uuid)).toEqual(created);
    });
  });

  describe('visibility', () => {
    it('another company`s interview is 404 for GET, PUT, DELETE and its questions; nothing changes', async () => {
      const owner = await companyWithJob(t);
      const intruder = await companyWithJob(t);
      const theirs = await createInterview(owner.api, interviewBody(owner.job.uuid));
      const live = await createInterview(owner.api, liveBody(owner.job.uuid));
      const q = theirs.questions[0].uuid;

      expectError(await intruder.api.get(`/interviews/${theirs.uuid}`), 404, 'api.interview_not_found');
      expectError(await intruder.api.put(`/interviews/${theirs.uuid}`, { status: 'canceled' }), 404, 'api.interview_not_found');
      expectError(await intruder.api.put(`/interviews/${theirs.uuid}`, { scheduled_at: inFuture(4 * DAY_MS) }), 404, 'api.interview_not_found');
      expectError(await intruder.api.put(`/interviews/${live.uuid}`, { status: 'completed' }), 404, 'api.interview_not_found');
      expectError(await intruder.api.delete(`/interviews/${theirs.uuid}`), 404, 'api.interview_not_found');
      expectError(await intruder.api.get(`/interviews/${theirs.uuid}/questions`), 404, 'api.interview_not_found');
      expectError(await intruder.api.post(`/interviews/${theirs.uuid}/questions`, { text: 'Injected', time_limit: 30 }), 404, 'api.interview_not_found');
      expectError(await intruder.api.get(`/interviews/${theirs.uuid}/questions/${q}`), 404, 'api.interview_not_found');
      expectError(await intruder.api.put(`/interviews/${theirs.uuid}/questions/${q}`, { text: 'Changed' }), 404, 'api.interview_not_found');
      expectError(await intruder.api.delete(`/interviews/${theirs.uuid}/questions/${q}`), 404, 'api.interview_not_found');

      expect(await getInterview(owner.api, theirs.uuid)).toEqual(theirs);
      expect(await getInterview(owner.api, live.uuid)).toEqual(live);
    });

    it('lists show only the caller`s company`s interviews', async () => {
      const a = await companyWithJob(t);
      const b = await companyWithJob(t);
      const ofA = [await createInterview(a.api, interviewBody(a.job.uuid)), await createInterview(a.api, liveBody(a.job.uuid))];
      const ofB = [await createInterview(b.api, liveBody(b.job.uuid))];
      const listA = await listInterviews(a.api);
      const listB = await listInterviews(b.api);
      expect(uuids(listA.items).sort()).toEqual(uuids(ofA).sort());
      expect(listA.total).toBe(2);
      expect(uuids(listB.items)).toEqual(uuids(ofB));
      expect(listB.total).toBe(1);
      for (const status of ['requested', 'completed', 'canceled', 'expired', 'accepted']) {
        const filtered = await listInterviews(b.api, `?status[]=${status}`);
        expect(filtered.items.every((i) => i.company.uuid === b.companyUuid)).toBe(true);
      }
    });

    it('a standard user of the company creates and manages interviews; administrator and standard user see each other`s', async () => {
      const own = await companyWithJob(t);
      const standard = await createStandardUser(own.api, t.as, `stan.${randomUUID().slice(0, 8)}@standard.example`);

      const byStandard = await createInterview(standard.api, interviewBody(own.job.uuid));
      expectInterviewShape(byStandard, { questions: true });
      expect(byStandard.created_by).toEqual(standard.summary);
      expect(byStandard.company).toEqual(own.me.company);
      const byAdmin = await createInterview(own.api, liveBody(own.job.uuid, { assigned_to: { name: 'Admin Invited', email: seekerEmail('adm') } }));

      expect(await getInterview(standard.api, byAdmin.uuid)).toEqual(byAdmin);
      expect(await getInterview(own.api, byStandard.uuid)).toEqual(byStandard);
      expect(uuids((await listInterviews(standard.api)).items).sort()).toEqual([byStandard.uuid, byAdmin.uuid].sort());

      const later = inFuture(12 * DAY_MS);
      expect((await putInterview(standard.api, byStandard.uuid, { scheduled_at: later })).scheduled_at).toBe(later);
      const question = await standard.api.post(`/interviews/${byStandard.uuid}/questions`, { text: 'Added by the standard user', time_limit: 90 });
      expect(question.status).toBe(200);
      expect((await standard.api.put(`/interviews/${byStandard.uuid}/questions/${question.body.uuid}`, { text: 'Reworded' })).status).toBe(200);
      expect((await standard.api.delete(`/interviews/${byStandard.uuid}/questions/${question.body.uuid}`)).status).toBe(204);
      expect((await putInterview(standard.api, byStandard.uuid, { status: 'canceled' })).status).toBe('canceled');

      expect((await putInterview(standard.api, byAdmin.uuid, { status: 'completed' })).status).toBe('completed');
      expect((await putInterview(standard.api, byAdmin.uuid, { rating: 3.5 })).rating).toBe(3.5);

      expect((await standard.api.delete(`/interviews/${byStandard.uuid}`)).status).toBe(204);
      expect((await standard.api.delete(`/interviews/${byAdmin.uuid}`)).status).toBe(204);
      expect(await totalInterviews(own.api)).toBe(0);
    });

    it('401 without a key or with a bad key', async () => {
      const created = await createInterview(company.api, interviewBody(company.job.uuid));
      expectError(await t.as(undefined).get(`/interviews/${created.uuid}`), 401, 'api.key_not_set');
      expectError(await t.as(undefined).get('/interviews'), 401, 'api.key_not_set');
      expect((await t.as('vik_bogus').delete(`/interviews/${created.uuid}`)).status).toBe(401);
      expect(await getInterview(company.api, created.uuid)).toEqual(created);
    });
  });
});
