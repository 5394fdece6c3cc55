import { randomUUID } from 'node:crypto';
import { settled } from '../support/barrier';
import { expectError, expectRfc3339Timestamps } from '../support/expectations';
import { startTestSystem, type TestSystem } from '../support/test-system';
import { createStandardUser } from '../jobs/job-helpers';
import {
  DAY_MS,
  InterviewEvents,
  companyWithJob,
  createInterview,
  getInterview,
  inFuture,
  interviewBody,
  liveBody,
  putInterview,
  seekerEmail,
} from './interview-helpers';

const S = {
  created: 'interviews.interview.created',
  canceled: 'interviews.interview.canceled',
  completed: 'interviews.interview.completed',
  rated: 'interviews.interview.rated',
  rescheduled: 'interviews.interview.rescheduled',
  deleted: 'interviews.interview.deleted',
  expired: 'interviews.interview.expired',
};

describe('interview events on the bus', () => {
  let t: TestSystem;
  let events: InterviewEvents;
  beforeAll(async () => {
    t = await startTestSystem();
    events = await new InterviewEvents().start(t.system.bus);
  });
  afterAll(async () => {
    await events.close();
    await t.stop();
  });

  it('interviews.interview.created, one per interview: the created JSON and the invitation', async () => {
    const company = await companyWithJob(t);
    const assignees = [
      { name: 'Evt One', email: seekerEmail('evt1') },
      { name: 'Evt Two', email: seekerEmail('evt2'), phone: '+1 (415) 555-0199', phone_parsed: '+14155550199' },
    ];
    const requestId = `interviews-e2e-${randomUUID()}`;
    const response = await company.api.request('POST', '/interviews', {
      body: interviewBody(company.job.uuid, { assigned_to: assignees, has_sms_consent: true, email_message: 'See you soon', timezone: 'America/New_York' }),
      headers: { 'x-request-id': requestId },
    });
    expect(response.status).toBe(201);
    const created: any[] = response.body;

    for (const [i, interview] of created.entries()) {
      const event = await events.next(interview.uuid, S.created);
      expect(event.payload.interview).toEqual(interview);
      expect(event.payload.interview).toEqual(await getInterview(company.api, interview.uuid));
      expect(event.payload.invitation).toEqual({
        answers_transcribed: false,
        email_message: 'See you soon',
        timezone: 'America/New_York',
        scheduled_at_local: expect.stringMatching(/\S/),
        phone: assignees[i].phone ?? null,
        phone_parsed: assignees[i].phone_parsed ?? null,
        has_sms_consent: true,
      });
      expect(event.correlationId).toBe(requestId);
      expect(event.id).toEqual(expect.any(String));
      expect(event.payload).not.toHaveProperty('rating');
    }
    expect(created[0].uuid).not.toBe(created[1].uuid);
    const ids = created.map((i) => events.for(i.uuid, S.created)[0].id);
    expect(new Set(ids).size).toBe(2);
    await settled(t);
    expect(created.map((i) => events.for(i.uuid).length)).toEqual([1, 1]);
  });

  it('invitation for a single assignee without phones: defaults (UTC, no phones, no consent)', async () => {
    const company = await companyWithJob(t);
    const created = await createInterview(company.api, {
      type: 'live',
      scheduled_at: inFuture(2 * DAY_MS),
      assigned_to: { name: 'Plain Seeker', email: seekerEmail('plain') },
      job_post: { uuid: company.job.uuid },
    });
    const event = await events.next(created.uuid, S.created);
    expect(event.payload.interview).toEqual(created);
    expect(event.payload.invitation).toEqual({
      answers_transcribed: false,
      email_message: '',
      timezone: 'UTC',
      scheduled_at_local: expect.stringMatching(/\S/),
      phone: null,
      phone_parsed: null,
      has_sms_consent: false,
    });
  });

  it('canceled, rescheduled and deleted carry the interview as it is then', async () => {
    const company = await companyWithJob(t);
    const created = await createInterview(company.api, interviewBody(company.job.uuid));
    await events.next(created.uuid, S.created);

    const newTime = inFuture(6 * DAY_MS);
    const rescheduled = await putInterview(company.api, created.uuid, { scheduled_at: newTime });
    const moved = await events.next(created.uuid, S.rescheduled);
    expect(moved.payload.interview).toEqual(rescheduled);
    expect(moved.payload.invitation).toEqual({
      answers_transcribed: false,
      email_message: 'Please record your answers.',
      timezone: 'Europe/Paris',
      scheduled_at_local: expect.stringMatching(/\S/),
      phone: null,
      phone_parsed: null,
      has_sms_consent: false,
    });

    const canceled = await putInterview(company.api, created.uuid, { status: 'canceled' });
    const cancelEvent = await events.next(created.uuid, S.canceled);
    expect(cancelEvent.payload.interview).toEqual(canceled);
    expect(cancelEvent.payload.interview.status).toBe('canceled');

    const beforeDelete = await getInterview(company.api, created.uuid);
    expect((await company.api.delete(`/interviews/${created.uuid}`)).status).toBe(204);
    const deleted = await events.next(created.uuid, S.deleted);
    expect(deleted.payload.interview).toEqual(beforeDelete);

    await settled(t);
    expect(events.for(created.uuid).map((m) => m.subject)).toEqual([S.created, S.rescheduled, S.canceled, S.deleted]);
  });

  it('completed (live, by PUT) and rated: the Rating payload {interview_uuid, rating, rated_by, rated_at}', async () => {
    const company = await companyWithJob(t);
    const created = await createInterview(company.api, liveBody(company.job.uuid));
    const completed = await putInterview(company.api, created.uuid, { status: 'completed' });
    const done = await events.next(created.uuid, S.completed);
    expect(done.payload.interview).toEqual(completed);
    expect(done.payload.interview.completed_at).toEqual(expect.any(String));

    const rated = await putInterview(company.api, created.uuid, { rating: 4.5 });
    const rating = await events.next(created.uuid, S.rated);
    expect(rating.payload.interview).toEqual(rated);
    expect(rating.payload.rating).toEqual({ interview_uuid: created.uuid, rating: 4.5, rated_by: company.me.user, rated_at: expect.any(String) });
    expectRfc3339Timestamps(rating.payload.rating);
    expect(Math.abs(new Date(rating.payload.rating.rated_at).getTime() - Date.now())).toBeLessThan(60_000);

    // Rated again: a second event with the new rating.
    await putInterview(company.api, created.uuid, { rating: 2 });
    const again = await events.next(created.uuid, S.rated, 2);
    expect(again.payload.rating).toEqual({ interview_uuid: created.uuid, rating: 2, rated_by: company.me.user, rated_at: expect.any(String) });
    expect(again.id).not.toBe(rating.id);
  });

  it('rated by a standard user who never created an interview: rated_by is that user', async () => {
    const company = await companyWithJob(t);
    const standard = await createStandardUser(company.api, t.as, `rater.${randomUUID().slice(0, 8)}@standard.example`);
    const created = await createInterview(company.api, liveBody(company.job.uuid));
    await putInterview(standard.api, created.uuid, { status: 'completed' });
    const rated = await putInterview(standard.api, created.uuid, { rating: 3 });
    const rating = await events.next(created.uuid, S.rated);
    expect(rating.payload.interview).toEqual(rated);
    expect(rating.payload.rating).toEqual({ interview_uuid: created.uuid, rating: 3, rated_by: standard.summary, rated_at: expect.any(String) });
  });

  it('a refused request (400, 402, 404) publishes nothing', async () => {
    const company = await companyWithJob(t);
    const starter = await companyWithJob(t, 'starter');
    const other = await companyWithJob(t);
    const requested = await createInterview(company.api, interviewBody(company.job.uuid));
    const canceled = await createInterview(company.api, liveBody(company.job.uuid));
    await putInterview(company.api, canceled.uuid, { status: 'canceled' });
    const completed = await createInterview(company.api, liveBody(company.job.uuid));
    await putInterview(company.api, completed.uuid, { status: 'completed' });
    const theirs = await createInterview(other.api, interviewBody(other.job.uuid));
    await events.next(completed.uuid, S.completed);
    await events.next(theirs.uuid, S.created);
    const seenBefore = events.ofCompany(company.companyUuid).length;
    const seenOther = events.ofCompany(other.companyUuid).length;

    const refusals: Array<[Promise<any>, number, string]> = [
      [company.api.post('/interviews', interviewBody(company.job.uuid, { scheduled_at: inFuture(-60_000) })), 400, 'api.validation_failed'],
      [company.api.post('/interviews', interviewBody(company.job.uuid, { questions: [] })), 400, 'api.validation_failed'],
      [company.api.post('/interviews', interviewBody(company.job.uuid, { interview_question_set: randomUUID() })), 400, 'api.validation_failed'],
      [company.api.post('/interviews', interviewBody(other.job.uuid)), 400, 'api.validation_failed'],
      [
        starter.api.post(
          '/interviews',
          interviewBody(starter.job.uuid, {
            assigned_to: { name: 'S', email: seekerEmail(), phone: '1', phone_parsed: '+15555550100' },
            has_sms_consent: true,
          }),
        ),
        402,
        'api.plan_sms_notifications_required',
      ],
      [company.api.put(`/interviews/${canceled.uuid}`, { status: 'canceled' }), 400, 'api.interview_already_canceled'],
      [company.api.put(`/interviews/${completed.uuid}`, { status: 'canceled' }), 400, 'api.interview_already_completed'],
      [company.api.put(`/interviews/${requested.uuid}`, { status: 'completed' }), 400, 'api.interview_not_live'],
      [company.api.put(`/interviews/${requested.uuid}`, { status: 'accepted' }), 400, 'api.interview_status_not_settable'],
      [company.api.put(`/interviews/${requested.uuid}`, { rating: 4 }), 400, 'api.interview_not_completed'],
      [company.api.put(`/interviews/${completed.uuid}`, { rating: 4.3 }), 400, 'api.validation_failed'],
      [company.api.put(`/interviews/${requested.uuid}`, { scheduled_at: inFuture(-60_000) }), 400, 'api.validation_failed'],
      [company.api.put(`/interviews/${requested.uuid}`, {}), 400, 'api.validation_failed'],
      [company.api.put(`/interviews/${theirs.uuid}`, { status: 'canceled' }), 404, 'api.interview_not_found'],
      [company.api.delete(`/interviews/${theirs.uuid}`), 404, 'api.interview_not_found'],
      [company.api.delete(`/interviews/${randomUUID()}`), 404, 'api.interview_not_found'],
    ];
    for (const [response, status, code] of refusals) expectError(await response, status, code);

    // A sentinel after the refusals: once its event is in, anything published before it is too.
    const sentinel = await createInterview(company.api, liveBody(company.job.uuid));
    await events.next(sentinel.uuid, S.created);
    await settled(t);
    expect(
      events
        .ofCompany(company.companyUuid)
        .slice(seenBefore)
        .map((m) => [m.subject, m.payload.interview.uuid]),
    ).toEqual([[S.created, sentinel.uuid]]);
    expect(events.ofCompany(other.companyUuid)).toHaveLength(seenOther);
    expect(events.ofCompany(starter.companyUuid)).toEqual([]);
  });
});
