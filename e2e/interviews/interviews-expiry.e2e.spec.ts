import { waitFor } from '@vi/platform-testing';
import { expectError } from '../support/expectations';
import { settled } from '../support/barrier';
import { startTestSystem, type TestSystem } from '../support/test-system';
import {
  DAY_MS,
  InterviewEvents,
  companyWithJob,
  createInterview,
  expectInterviewShape,
  getInterview,
  inFuture,
  interviewBody,
  listInterviews,
  liveBody,
  putInterview,
  sleep,
} from './interview-helpers';

const EXPIRED = 'interviews.interview.expired';
const RESCHEDULED = 'interviews.interview.rescheduled';
/** Due ~2–3 s from now (whole seconds, so at least 2 s after truncation). */
const dueSoon = () => inFuture(3_000);

async function waitForStatus(api: Parameters<typeof getInterview>[0], uuid: string, status: string, timeoutMs = 8_000) {
  let last: any;
  try {
    await waitFor(
      async () => {
        last = await getInterview(api, uuid);
        return last.status === status;
      },
      timeoutMs,
      100,
    );
  } catch {
    throw new Error(
      `interview ${uuid} did not become ${status} within ${timeoutMs} ms; last seen ${JSON.stringify({ status: last?.status, scheduled_at: last?.scheduled_at })}`,
    );
  }
  return last;
}

describe('expiry: the due time passes (INTERVIEW_EXPIRY_SWEEP_MS=200)', () => {
  let t: TestSystem;
  let events: InterviewEvents;
  let company: Awaited<ReturnType<typeof companyWithJob>>;
  beforeAll(async () => {
    t = await startTestSystem({ INTERVIEW_EXPIRY_SWEEP_MS: '200' });
    events = await new InterviewEvents().start(t.system.bus);
    company = await companyWithJob(t);
  });
  afterAll(async () => {
    await events.close();
    await t.stop();
  });

  it('requested → expired once (one InterviewExpired); concurrent sweeps find nothing more; a new due time → requested with InterviewRescheduled', async () => {
    // Due later than dueSoon(): six more writes must land before it, which takes seconds on a busy machine.
    const created = await createInterview(company.api, interviewBody(company.job.uuid, { scheduled_at: inFuture(10_000) }));
    // Others due at the same time that must not expire: canceled, completed (live) and deleted ones; and one due later.
    const canceled = await createInterview(company.api, interviewBody(company.job.uuid, { scheduled_at: created.scheduled_at }));
    await putInterview(company.api, canceled.uuid, { status: 'canceled' });
    const completed = await createInterview(company.api, liveBody(company.job.uuid, { scheduled_at: created.scheduled_at }));
    await putInterview(company.api, completed.uuid, { status: 'completed' });
    const deleted = await createInterview(company.api, interviewBody(company.job.uuid, { scheduled_at: created.scheduled_at }));
    expect((await company.api.delete(`/interviews/${deleted.uuid}`)).status).toBe(204);
    const later = await createInterview(company.api, interviewBody(company.job.uuid, { scheduled_at: inFuture(3_600_000) }));
    expect((await getInterview(company.api, created.uuid)).status).toBe('requested');

    const expired = await waitForStatus(company.api, created.uuid, 'expired', 20_000);
    expectInterviewShape(expired, { questions: true });
    expect(expired).toEqual({ ...created, status: 'expired', updated_at: expect.any(String) });
    expect(new Date(expired.updated_at).getTime()).toBeGreaterThanOrEqual(new Date(created.scheduled_at).getTime());

    const event = await events.next(created.uuid, EXPIRED);
    expect(event.payload.interview).toEqual(expired);

    // Two sweeps at once, after the timer's: nothing left to expire.
    const counts = await Promise.all([t.system.interviews.sweepExpired(), t.system.interviews.sweepExpired()]);
    expect(counts).toEqual([0, 0]);
    await settled(t);
    expect(events.distinct(created.uuid, EXPIRED)).toHaveLength(1);
    expect(events.for(created.uuid, EXPIRED)).toHaveLength(1);

    expect((await getInterview(company.api, canceled.uuid)).status).toBe('canceled');
    expect((await getInterview(company.api, completed.uuid)).status).toBe('completed');
    expect((await getInterview(company.api, later.uuid)).status).toBe('requested');
    for (const other of [canceled, completed, deleted, later]) expect(events.for(other.uuid, EXPIRED)).toEqual([]);
    const listed = await listInterviews(company.api, '?status[]=expired');
    expect(listed.items.map((i) => i.uuid)).toEqual([created.uuid]);
    expect(listed.contentRange).toBe('items 0-0/1');

    // A new due time in the future: requested again, and InterviewRescheduled with a fresh invitation.
    const newTime = inFuture(5 * DAY_MS);
    const rescheduled = await putInterview(company.api, created.uuid, { scheduled_at: newTime });
    expect(rescheduled).toEqual({ ...expired, status: 'requested', scheduled_at: newTime, updated_at: expect.any(String) });
    expect(await getInterview(company.api, created.uuid)).toEqual(rescheduled);
    const moved = await events.next(created.uuid, RESCHEDULED);
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
    expect((await listInterviews(company.api, '?status[]=expired')).contentRange).toBe('items */0');

    // It does not expire again before its new due time: a sweep (the timer's, or this one) finds nothing.
    await t.system.interviews.sweepExpired();
    await settled(t);
    expect((await getInterview(company.api, created.uuid)).status).toBe('requested');
    expect(events.distinct(created.uuid, EXPIRED)).toHaveLength(1);
  });

  it('replicas sweeping at once: each overdue interview expires once, with one InterviewExpired', async () => {
    const due = dueSoon();
    const batch = await createInterview(
      company.api,
      interviewBody(company.job.uuid, {
        scheduled_at: due,
        assigned_to: [1, 2, 3, 4, 5].map((n) => ({ name: `Batch ${n}`, email: `batch${n}.${Date.now()}@seekers.example` })),
      }),
    );
    expect(batch).toHaveLength(5);
    // Time itself: the due time passes.
    await sleep(Math.max(0, new Date(due).getTime() - Date.now()));
    // Race the 200 ms timer with three more sweeps, as three replicas would.
    const counts = await Promise.all([t.system.interviews.sweepExpired(), t.system.interviews.sweepExpired(), t.system.interviews.sweepExpired()]);
    expect(counts.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(5);
    for (const interview of batch) await waitForStatus(company.api, interview.uuid, 'expired');
    await Promise.all(batch.map((interview: any) => events.next(interview.uuid, EXPIRED)));
    expect(await Promise.all([t.system.interviews.sweepExpired(), t.system.interviews.sweepExpired()])).toEqual([0, 0]);
    await settled(t);
    expect(batch.map((interview: any) => events.distinct(interview.uuid, EXPIRED).length)).toEqual([1, 1, 1, 1, 1]);
  });

  it('an expired interview: PUT completed → 400 (one-way: api.interview_not_live), rating, reschedule to the past → 400; cancel → canceled', async () => {
    const oneWay = await createInterview(company.api, interviewBody(company.job.uuid, { scheduled_at: dueSoon() }));
    const expired = await waitForStatus(company.api, oneWay.uuid, 'expired');

    expectError(await company.api.put(`/interviews/${oneWay.uuid}`, { status: 'completed' }), 400, 'api.interview_not_live');
    expectError(await company.api.put(`/interviews/${oneWay.uuid}`, { rating: 4 }), 400, 'api.interview_not_completed');
    const pastResponse = await company.api.put(`/interviews/${oneWay.uuid}`, { scheduled_at: inFuture(-60_000) });
    expectError(pastResponse, 400, 'api.validation_failed');
    expect(await getInterview(company.api, oneWay.uuid)).toEqual(expired);

    const canceled = await putInterview(company.api, oneWay.uuid, { status: 'canceled' });
    expect(canceled.status).toBe('canceled');
    expect((await events.next(oneWay.uuid, 'interviews.interview.canceled')).payload.interview).toEqual(canceled);
    expectError(await company.api.put(`/interviews/${oneWay.uuid}`, { scheduled_at: inFuture(DAY_MS) }), 400, 'api.interview_already_canceled');
  });

  it('a live interview does not expire when it starts: it can take place until its join window closes, 3 h later (decision 038)', async () => {
    const live = await createInterview(company.api, liveBody(company.job.uuid, { scheduled_at: dueSoon() }));
    // Time itself: its start passes; then a sweep (the timer's, or this one) leaves it as it is.
    await sleep(Math.max(0, new Date(live.scheduled_at).getTime() - Date.now()));
    await t.system.interviews.sweepExpired();
    await settled(t);
    expect((await getInterview(company.api, live.uuid)).status).toBe('requested');
    expect(events.distinct(live.uuid, EXPIRED)).toHaveLength(0);
    // Held and ended after its start: the company completes it.
    expect((await putInterview(company.api, live.uuid, { status: 'completed' })).status).toBe('completed');
  });
});
