import { randomUUID } from 'node:crypto';
import { waitFor } from '@vi/platform-testing';
import { expectError } from '../support/expectations';
import { startTestSystem, type TestSystem } from '../support/test-system';
import { createJob, expectValidationFailed } from '../jobs/job-helpers';
import {
  DAY_MS,
  QUESTIONS,
  companyWithJob,
  createInterview,
  expectInterviewShape,
  getInterview,
  inFuture,
  interviewBody,
  jobSummaryOf,
  liveBody,
  seekerEmail,
  totalInterviews,
} from './interview-helpers';

/** The field `code`s docs/errors.md lists. */
const DOCUMENTED_FIELD_CODES = ['invalid_type', 'invalid_format', 'invalid_value', 'too_small', 'too_big', 'invalid_range', 'custom'];

describe('POST /interviews', () => {
  let t: TestSystem;
  let company: Awaited<ReturnType<typeof companyWithJob>>;
  beforeAll(async () => {
    t = await startTestSystem();
    company = await companyWithJob(t);
  });
  afterAll(() => t.stop());

  describe('201', () => {
    it('one assignee object gives one interview object of the exact documented shape', async () => {
      const scheduledAt = inFuture(5 * DAY_MS);
      const email = seekerEmail('ona');
      const created = await createInterview(
        company.api,
        interviewBody(company.job.uuid, { scheduled_at: scheduledAt, assigned_to: { name: 'Ona One', email } }),
      );
      expect(Array.isArray(created)).toBe(false);
      expectInterviewShape(created, { questions: true });
      expect(created).toEqual({
        uuid: expect.any(String),
        rating: null,
        type: 'one_way',
        status: 'requested',
        created_at: expect.any(String),
        updated_at: created.created_at,
        scheduled_at: scheduledAt,
        completed_at: null,
        language: 'en',
        // An API key's request (decision 071); the web app's session makes `workspace`.
        source: { type: 'api' },
        share_link: null,
        job_post: jobSummaryOf(company.job),
        assigned_to: { uuid: expect.any(String), name: 'Ona One', email, avatar: expect.stringMatching(/^http/) },
        company: company.me.company,
        created_by: company.me.user,
        decision: null,
        evaluations_submitted: 0,
        evaluations_started: 0,
        // None asked for (issue 42): the defaults, and no request yet.
        accommodations: { time_multiplier: 1, unlimited_time: false, extra_takes: 0, audio_only: false },
        accommodation_requests: [],
        questions: [
          { uuid: expect.any(String), text: QUESTIONS[0].text, completed: false, time_limit: 60, think_time: '30', takes: { completed: 0, remaining: -1 } },
          { uuid: expect.any(String), text: QUESTIONS[1].text, completed: false, time_limit: 120, think_time: '30', takes: { completed: 0, remaining: 2 } },
        ],
      });
      expect(Math.abs(new Date(created.created_at).getTime() - Date.now())).toBeLessThan(60_000);
      expect(created.questions[0].uuid).not.toBe(created.questions[1].uuid);
      expect(await getInterview(company.api, created.uuid)).toEqual(created);
    });

    it('an array of assignees gives an array, one interview per assignee in the same order, each with its own questions', async () => {
      const assignees = [
        { name: 'Arr One', email: seekerEmail('arr1') },
        { name: 'Arr Two', email: seekerEmail('arr2') },
      ];
      const before = await totalInterviews(company.api);
      const created = await createInterview(company.api, interviewBody(company.job.uuid, { assigned_to: assignees }));
      expect(Array.isArray(created)).toBe(true);
      expect(created).toHaveLength(2);
      for (const interview of created) expectInterviewShape(interview, { questions: true });
      expect(created.map((i: any) => [i.assigned_to.name, i.assigned_to.email])).toEqual(assignees.map((a) => [a.name, a.email]));
      expect(created[0].uuid).not.toBe(created[1].uuid);
      expect(created[0].assigned_to.uuid).not.toBe(created[1].assigned_to.uuid);
      const questionUuids = created.flatMap((i: any) => i.questions.map((q: any) => q.uuid));
      expect(new Set(questionUuids).size).toBe(4);
      expect(await totalInterviews(company.api)).toBe(before + 2);

      // An array of one assignee is still an array.
      const single = await createInterview(company.api, interviewBody(company.job.uuid, { assigned_to: [{ name: 'Arr Three', email: seekerEmail('arr3') }] }));
      expect(Array.isArray(single)).toBe(true);
      expect(single).toHaveLength(1);
      expectInterviewShape(single[0], { questions: true });
    });

    it('the same email assigned twice (in two requests, or twice in one array) is the same job seeker', async () => {
      const email = seekerEmail('twice');
      const first = await createInterview(company.api, interviewBody(company.job.uuid, { assigned_to: { name: 'Twice Seeker', email } }));
      const second = await createInterview(company.api, liveBody(company.job.uuid, { assigned_to: { name: 'Twice Seeker', email } }));
      expect(second.uuid).not.toBe(first.uuid);
      expect(second.assigned_to).toEqual(first.assigned_to);

      const dupEmail = seekerEmail('dup');
      const sameTwice = await createInterview(
        company.api,
        interviewBody(company.job.uuid, {
          assigned_to: [
            { name: 'Dup Seeker', email: dupEmail },
            { name: 'Dup Seeker', email: dupEmail },
          ],
        }),
      );
      expect(sameTwice).toHaveLength(2);
      expect(sameTwice[0].uuid).not.toBe(sameTwice[1].uuid);
      expect(sameTwice[1].assigned_to.uuid).toBe(sameTwice[0].assigned_to.uuid);

      // Another company inviting the same person reuses the job seeker too.
      const other = await companyWithJob(t);
      const elsewhere = await createInterview(other.api, interviewBody(other.job.uuid, { assigned_to: { name: 'Twice Seeker', email } }));
      expect(elsewhere.assigned_to.uuid).toBe(first.assigned_to.uuid);
    });

    it('question takes: default -1 (remaining -1), 0, 2 and 5 as given; every allowed time_limit', async () => {
      const questions = [
        { text: 'Default takes', time_limit: 30 },
        { text: 'No retakes', time_limit: 60, takes: 0 },
        { text: 'Two takes', time_limit: 90, takes: 2 },
        { text: 'Five takes', time_limit: 120, takes: 5 },
        { text: 'Unlimited', time_limit: 160, takes: -1 },
        { text: 'Longest', time_limit: 180, takes: 1 },
      ];
      const created = await createInterview(company.api, interviewBody(company.job.uuid, { questions }));
      expect(created.questions.map((q: any) => [q.text, q.time_limit, q.takes])).toEqual([
        ['Default takes', 30, { completed: 0, remaining: -1 }],
        ['No retakes', 60, { completed: 0, remaining: 0 }],
        ['Two takes', 90, { completed: 0, remaining: 2 }],
        ['Five takes', 120, { completed: 0, remaining: 5 }],
        ['Unlimited', 160, { completed: 0, remaining: -1 }],
        ['Longest', 180, { completed: 0, remaining: 1 }],
      ]);
    });

    it('a live interview needs no questions; defaults: timezone UTC, empty email_message', async () => {
      const created = await createInterview(company.api, {
        type: 'live',
        scheduled_at: inFuture(2 * DAY_MS),
        assigned_to: { name: 'Live Seeker', email: seekerEmail('live') },
        job_post: { uuid: company.job.uuid },
      });
      expectInterviewShape(created, { questions: true });
      expect({ type: created.type, status: created.status, questions: created.questions }).toEqual({ type: 'live', status: 'requested', questions: [] });
    });

    it('scheduled_at with another offset is the same instant, rendered with +00:00; just under a year ahead is accepted', async () => {
      const instant = new Date(Math.floor((Date.now() + 3 * DAY_MS) / 1000) * 1000);
      const local = new Date(instant.getTime() + 2 * 3600 * 1000).toISOString().replace(/\.\d{3}Z$/, '+02:00');
      const created = await createInterview(company.api, liveBody(company.job.uuid, { scheduled_at: local }));
      expect(new Date(created.scheduled_at).getTime()).toBe(instant.getTime());
      expect(created.scheduled_at).toMatch(/\+00:00$/);

      const farButValid = await createInterview(company.api, liveBody(company.job.uuid, { scheduled_at: inFuture(360 * DAY_MS) }));
      expect(farButValid.status).toBe('requested');
    });

    it('a question set is copied into the interview', async () => {
      const set = await company.api.post('/question_sets', {
        name: 'Copied',
        questions: [
          { text: 'From the set', time_limit: 90, takes: 3, think_time: '15' },
          { text: 'Second from the set', time_limit: 30, takes: -1, think_time: '0' },
        ],
      });
      expect(set.status).toBe(200);
      const created = await createInterview(company.api, interviewBody(company.job.uuid, { interview_question_set: set.body.uuid, questions: [] }));
      expect(created.questions.map((q: any) => [q.text, q.time_limit, q.takes])).toEqual([
        ['From the set', 90, { completed: 0, remaining: 3 }],
        ['Second from the set', 30, { completed: 0, remaining: -1 }],
      ]);
    });

    it('phones with SMS consent on a plan with interview_sms_notifications (unlimited)', async () => {
      const created = await createInterview(
        company.api,
        interviewBody(company.job.uuid, {
          assigned_to: { name: 'Sms Seeker', email: seekerEmail('sms'), phone: '+1 (415) 555-0123', phone_parsed: '+14155550123' },
          has_sms_consent: true,
        }),
      );
      expectInterviewShape(created, { questions: true });
      expect(created).not.toHaveProperty('phone');
    });
  });

  describe('refusals change nothing', () => {
    let other: Awaited<ReturnType<typeof companyWithJob>>;
    let inactiveJob: any;
    let otherSet: any;
    beforeAll(async () => {
      other = await companyWithJob(t);
      inactiveJob = await createJob(company.api, { title: 'Closed role', status: 'inactive' });
      otherSet = (await other.api.post('/question_sets', { name: 'Not yours', questions: [{ text: 'Q', time_limit: 30, takes: 1, think_time: '0' }] })).body;
    });

    const cases: Array<[string, (job: string) => Record<string, unknown>, Array<string | RegExp>]> = [
      ['scheduled_at in the past', (job) => interviewBody(job, { scheduled_at: inFuture(-60_000) }), ['scheduled_at']],
      ['scheduled_at now-ish (1 s ago)', (job) => liveBody(job, { scheduled_at: inFuture(-1_000) }), ['scheduled_at']],
      ['scheduled_at more than 1 year ahead', (job) => interviewBody(job, { scheduled_at: inFuture(368 * DAY_MS) }), ['scheduled_at']],
      ['scheduled_at not RFC 3339 (date only)', (job) => interviewBody(job, { scheduled_at: '2030-01-01' }), ['scheduled_at']],
      ['scheduled_at not RFC 3339 (no offset)', (job) => interviewBody(job, { scheduled_at: '2030-01-01T10:00:00' }), ['scheduled_at']],
      ['scheduled_at not RFC 3339 (words)', (job) => interviewBody(job, { scheduled_at: 'next tuesday' }), ['scheduled_at']],
      ['scheduled_at missing', (job) => interviewBody(job, { scheduled_at: undefined }), ['scheduled_at']],
      ['one_way without questions', (job) => interviewBody(job, { questions: undefined }), ['questions']],
      ['one_way with an empty questions array', (job) => interviewBody(job, { questions: [] }), ['questions']],
      ['type unknown', (job) => interviewBody(job, { type: 'video' }), ['type']],
      [
        'phone without phone_parsed',
        (job) => interviewBody(job, { assigned_to: { name: 'P', email: seekerEmail(), phone: '415 555 0123' }, has_sms_consent: true }),
        [/^assigned_to\.phone_parsed$/],
      ],
      [
        'phone_parsed without phone',
        (job) => interviewBody(job, { assigned_to: { name: 'P', email: seekerEmail(), phone_parsed: '+14155550123' }, has_sms_consent: true }),
        [/^assigned_to\.phone$/],
      ],
      [
        'phone without phone_parsed (in an array)',
        (job) => interviewBody(job, { assigned_to: [{ name: 'P', email: seekerEmail(), phone: '415 555 0123' }], has_sms_consent: true }),
        ['assigned_to.0.phone_parsed'],
      ],
      [
        'phone_parsed not E.164',
        (job) =>
          interviewBody(job, { assigned_to: { name: 'P', email: seekerEmail(), phone: '415 555 0123', phone_parsed: '4155550123' }, has_sms_consent: true }),
        ['assigned_to.phone_parsed'],
      ],
      [
        'phones without has_sms_consent',
        (job) => interviewBody(job, { assigned_to: { name: 'P', email: seekerEmail(), phone: '415 555 0123', phone_parsed: '+14155550123' } }),
        ['has_sms_consent'],
      ],
      [
        'phones with has_sms_consent false',
        (job) =>
          interviewBody(job, {
            assigned_to: [
              { name: 'Q', email: seekerEmail() },
              { name: 'P', email: seekerEmail(), phone: '415 555 0123', phone_parsed: '+14155550123' },
            ],
            has_sms_consent: false,
          }),
        ['has_sms_consent'],
      ],
      ['invalid timezone', (job) => interviewBody(job, { timezone: 'Mars/Olympus_Mons' }), ['timezone']],
      ['a language that is not an IETF tag', (job) => interviewBody(job, { language: 'Spanish please' }), ['language']],
      ['an empty language', (job) => interviewBody(job, { language: '' }), ['language']],
      ['time_limit 45', (job) => interviewBody(job, { questions: [{ text: 'Q', time_limit: 45 }] }), ['questions.0.time_limit']],
      ['takes 6', (job) => interviewBody(job, { questions: [{ text: 'Q', time_limit: 60, takes: 6 }] }), ['questions.0.takes']],
      ['takes -2', (job) => interviewBody(job, { questions: [{ text: 'Q', time_limit: 60, takes: -2 }] }), ['questions.0.takes']],
      ['an empty question text', (job) => interviewBody(job, { questions: [{ text: '  ', time_limit: 60 }] }), ['questions.0.text']],
      ['an assignee with a malformed email', (job) => interviewBody(job, { assigned_to: { name: 'Bad Mail', email: 'not-an-email' } }), ['assigned_to.email']],
      ['an assignee without email', (job) => interviewBody(job, { assigned_to: { name: 'No Mail' } }), ['assigned_to.email']],
      ['an assignee without email (in an array)', (job) => interviewBody(job, { assigned_to: [{ name: 'No Mail' }] }), ['assigned_to.0.email']],
      ['an assignee without name', (job) => interviewBody(job, { assigned_to: { email: seekerEmail() } }), ['assigned_to.name']],
      ['an empty assignee array', (job) => interviewBody(job, { assigned_to: [] }), ['assigned_to']],
      ['unknown job', () => interviewBody(randomUUID()), ['job_post.uuid']],
      ['a job uuid that is not a uuid', () => interviewBody('not-a-uuid'), ['job_post.uuid']],
      ['unknown interview_question_set', (job) => interviewBody(job, { interview_question_set: randomUUID() }), ['interview_question_set']],
      [
        'every bad field at once',
        (job) => interviewBody(job, { type: 'video', scheduled_at: 'soon', timezone: 'Nowhere/Else', questions: [{ text: 'Q', time_limit: 45, takes: 6 }] }),
        ['type', 'scheduled_at', 'timezone', 'questions.0.time_limit', 'questions.0.takes'],
      ],
    ];

    it.each(cases)('%s: 400 api.validation_failed naming the field', async (_name, body, fields) => {
      const before = await totalInterviews(company.api);
      expectValidationFailed(await company.api.post('/interviews', body(company.job.uuid)), fields);
      expect(await totalInterviews(company.api)).toBe(before);
    });

    it('every field error carries one of the field codes docs/errors.md lists', async () => {
      const undocumented: Array<{ case: string; field: string; code: string }> = [];
      for (const [name, body] of cases) {
        const refused = await company.api.post('/interviews', body(company.job.uuid));
        for (const e of refused.body.errors ?? [])
          if (!DOCUMENTED_FIELD_CODES.includes(e.code)) undocumented.push({ case: name, field: e.field, code: e.code });
      }
      expect(undocumented).toEqual([]);
    });

    it('an inactive job, or another company`s job: 400 naming job_post.uuid', async () => {
      const before = await totalInterviews(company.api);
      expectValidationFailed(await company.api.post('/interviews', interviewBody(inactiveJob.uuid)), ['job_post.uuid']);
      expectValidationFailed(await company.api.post('/interviews', interviewBody(other.job.uuid)), ['job_post.uuid']);
      expect(await totalInterviews(company.api)).toBe(before);
      expect(await totalInterviews(other.api)).toBe(0);
    });

    it('a deleted job: 400 naming job_post.uuid', async () => {
      const doomed = await createJob(company.api, { title: 'Doomed role', status: 'active' });
      expect((await company.api.delete(`/jobs/${doomed.uuid}`)).status).toBe(204);
      const before = await totalInterviews(company.api);
      expectValidationFailed(await company.api.post('/interviews', interviewBody(doomed.uuid)), ['job_post.uuid']);
      expect(await totalInterviews(company.api)).toBe(before);
    });

    it('a job deactivated or deleted after interviews were made for it: 400 as soon as interviews hears of it (decision 057)', async () => {
      const own = await companyWithJob(t);
      const other = await createJob(own.api, { title: 'Second role', status: 'active' });
      // Both jobs are now remembered by interviews for the next creations.
      await createInterview(own.api, interviewBody(own.job.uuid));
      await createInterview(own.api, interviewBody(other.uuid));
      expect((await own.api.put(`/jobs/${own.job.uuid}`, { status: 'inactive' })).status).toBe(200);
      expect((await own.api.delete(`/jobs/${other.uuid}`)).status).toBe(204);
      // The events reach every replica within milliseconds; until then a creation may still go through.
      for (const job of [own.job.uuid, other.uuid]) {
        let refusal: Awaited<ReturnType<typeof own.api.post>> | undefined;
        await waitFor(
          async () => {
            const answer = await own.api.post('/interviews', interviewBody(job));
            if (answer.status === 201) return false;
            refusal = answer;
            return true;
          },
          5_000,
          50,
        );
        const before = await totalInterviews(own.api);
        expectValidationFailed(refusal!, ['job_post.uuid']);
        expectValidationFailed(await own.api.post('/interviews', interviewBody(job)), ['job_post.uuid']);
        expect(await totalInterviews(own.api)).toBe(before);
      }
    });

    it('another company`s question set: 400 naming interview_question_set', async () => {
      expect(otherSet.uuid).toEqual(expect.any(String));
      const before = await totalInterviews(company.api);
      expectValidationFailed(await company.api.post('/interviews', interviewBody(company.job.uuid, { interview_question_set: otherSet.uuid })), [
        'interview_question_set',
      ]);
      expect(await totalInterviews(company.api)).toBe(before);
    });

    it('malformed JSON: 400 api.malformed_json', async () => {
      const before = await totalInterviews(company.api);
      expectError(await company.api.request('POST', '/interviews', { rawBody: '{"type": "live",' }), 400, 'api.malformed_json');
      expect(await totalInterviews(company.api)).toBe(before);
    });

    it('phones with consent on a plan without interview_sms_notifications (starter): 402 api.plan_sms_notifications_required', async () => {
      const starter = await companyWithJob(t, 'starter');
      const plan = await starter.api.get('/plan');
      expect(plan.body.plan.features.interview_sms_notifications).toBe(false);
      const phones = { name: 'Sms Starter', email: seekerEmail('starter'), phone: '+44 20 7946 0958', phone_parsed: '+442079460958' };
      expectError(
        await starter.api.post('/interviews', interviewBody(starter.job.uuid, { assigned_to: phones, has_sms_consent: true })),
        402,
        'api.plan_sms_notifications_required',
      );
      expectError(
        await starter.api.post(
          '/interviews',
          interviewBody(starter.job.uuid, { assigned_to: [{ name: 'No phone', email: seekerEmail() }, phones], has_sms_consent: true }),
        ),
        402,
        'api.plan_sms_notifications_required',
      );
      expect(await totalInterviews(starter.api)).toBe(0);
      // Without phones the starter plan interviews as usual.
      await createInterview(starter.api, interviewBody(starter.job.uuid, { assigned_to: { name: 'No phone', email: seekerEmail() } }));
      expect(await totalInterviews(starter.api)).toBe(1);
    });

    it('401 without a key, and nothing is created', async () => {
      const before = await totalInterviews(company.api);
      expectError(await t.as(undefined).post('/interviews', interviewBody(company.job.uuid)), 401, 'api.key_not_set');
      expect(await totalInterviews(company.api)).toBe(before);
    });
  });
});
