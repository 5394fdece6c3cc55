import { randomUUID } from 'node:crypto';
import type { BusMessage, Subscription } from '@vi/platform-bus';
import { sql } from '@vi/platform-postgres';
import { waitFor } from '@vi/platform-testing';
import { ApiClient } from '../support/api-client';
import { expectError } from '../support/expectations';
import { startTestSystem, type TestSystem } from '../support/test-system';
import { DAY_MS, InterviewEvents, companyWithJob, seekerEmail } from '../interviews/interview-helpers';
import { settled } from '../support/barrier';
import { countRows } from '../support/database-dump';
import { SmtpInbox, WebhookReceiver, bodyOf, createWebhook } from '../notifications/notification-helpers';
import { collectJobEvents, createStandardUser } from './job-helpers';

/** Decision 045: a job's open interview, its public link and applications through it, over HTTP as integrators and applicants reach them. */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const QUESTIONS = [
  { text: 'Tell us about yourself.', time_limit: 60 },
  { text: 'Why this role?', time_limit: 120, takes: 2 },
];
const PER_LINK = 6;
const APPLIED = { reason: 'Thank you: check your email for your interview link' };

/** Whole seconds, as the API shows timestamps. */
const at = (ms: number) => new Date(Math.floor((Date.now() + ms) / 1000) * 1000).toISOString().replace(/\.\d{3}Z$/, '+00:00');

describe('open interviews', () => {
  let t: TestSystem;
  let inbox: SmtpInbox;
  let events: InterviewEvents;
  let anyone: ApiClient;
  let jobEvents: { messages: BusMessage<any>[]; subscription: Subscription };

  beforeAll(async () => {
    inbox = await new SmtpInbox().start();
    t = await startTestSystem({
      SMTP_URL: inbox.url,
      OPEN_INTERVIEW_DUE_DAYS: '3',
      OPEN_INTERVIEW_APPLICATIONS_PER_CLIENT: '1000',
      OPEN_INTERVIEW_APPLICATIONS_PER_LINK: String(PER_LINK),
    });
    events = await new InterviewEvents().start(t.system.bus);
    jobEvents = await collectJobEvents(t.system.bus);
    anyone = t.as(undefined);
  });
  afterAll(async () => {
    await events.close();
    await jobEvents.subscription.close();
    await t.stop();
    await inbox.close();
  });

  async function openJob(open: Record<string, unknown> = {}, plan = 'unlimited') {
    const company = await companyWithJob(t, plan, { title: 'Barista', description: 'Coffee, people, speed.', location: { city: 'Lyon', country: 'France' } });
    const put = await company.api.put(`/jobs/${company.job.uuid}`, { open_interview: { status: 'active', questions: QUESTIONS, ...open } });
    expect(put.status).toBe(200);
    return { ...company, job: put.body, open: put.body.open_interview };
  }

  const apply = (uuid: string, body: Record<string, unknown>) => anyone.post(`/public/open_interviews/${uuid}/applications`, body);
  const interviewsFor = async (api: ApiClient, email: string) =>
    ((await api.get('/interviews?range=0-99')).body as any[]).filter((i) => i.assigned_to?.email === email.toLowerCase());

  it('turns on with questions: the job shows its link, its questions on single reads only, and JobUpdated carries it', async () => {
    const company = await companyWithJob(t);
    const put = await company.api.put(`/jobs/${company.job.uuid}`, { open_interview: { status: 'active', questions: QUESTIONS } });
    expect(put.status).toBe(200);
    const open = put.body.open_interview;
    expect(open).toEqual({
      uuid: expect.stringMatching(UUID),
      link: `http://localhost:8080/apply/${open.uuid}`,
      expires_at: expect.any(String),
      status: 'active',
      applications_per_day: 200,
      questions: [
        { uuid: expect.stringMatching(UUID), time_limit: 60, text: 'Tell us about yourself.' },
        { uuid: expect.stringMatching(UUID), time_limit: 120, text: 'Why this role?' },
      ],
    });
    // Without an end date, a year after it was turned on.
    expect(Math.abs(new Date(open.expires_at).getTime() - (Date.now() + 365 * DAY_MS))).toBeLessThan(2 * DAY_MS);
    expect((await company.api.get(`/jobs/${company.job.uuid}`)).body).toEqual(put.body);
    const listed = (await company.api.get('/jobs')).body.find((j: any) => j.uuid === company.job.uuid);
    const { questions: _questions, ...withoutQuestions } = open;
    expect(listed.open_interview).toEqual(withoutQuestions);
    const updated = () => jobEvents.messages.filter((m) => m.subject === 'jobs.job.updated' && m.payload.uuid === company.job.uuid);
    await waitFor(() => updated().length === 1, 5_000);
    expect(updated()[0].payload).toEqual(put.body);
    // Created with one, on POST /jobs too, and never null again once set.
    const end = at(30 * DAY_MS);
    const created = await company.api.post('/jobs', {
      title: 'Open from the start',
      locality: { work_mode: 'remote', work_place: '' },
      open_interview: { status: 'inactive', expires_at: end },
    });
    expect(created.status).toBe(201);
    expect(created.body.open_interview).toMatchObject({ status: 'inactive', expires_at: end, questions: [] });
  });

  it('copies a question set, changes what is sent only, and keeps the link when turned off and on', async () => {
    const { api, job, open } = await openJob();
    const set = await api.post('/question_sets', { name: 'Baristas', questions: [{ text: 'Latte or flat white?', time_limit: 30, takes: 1 }] });
    expect(set.status).toBe(200);
    const fromSet = await api.put(`/jobs/${job.uuid}`, { open_interview: { status: 'active', interview_question_set: set.body.uuid } });
    expect(fromSet.status).toBe(200);
    expect(fromSet.body.open_interview.questions).toEqual([{ uuid: expect.stringMatching(UUID), time_limit: 30, text: 'Latte or flat white?' }]);
    expect(fromSet.body.open_interview.expires_at).toBe(open.expires_at);

    const closed = await api.put(`/jobs/${job.uuid}`, { open_interview: { status: 'inactive' } });
    expect(closed.body.open_interview).toMatchObject({ uuid: open.uuid, link: open.link, status: 'inactive' });
    expect(closed.body.open_interview.questions).toEqual(fromSet.body.open_interview.questions);
    const end = at(10 * DAY_MS);
    const reopened = await api.put(`/jobs/${job.uuid}`, { open_interview: { status: 'active', expires_at: end } });
    expect(reopened.body.open_interview).toMatchObject({ uuid: open.uuid, status: 'active', expires_at: end });
  });

  it('refuses bad open interviews with every bad field named, and changes nothing', async () => {
    const { api, job } = await openJob();
    const before = (await api.get(`/jobs/${job.uuid}`)).body;
    const refusals: Array<[Record<string, unknown>, string]> = [
      [{ status: 'open' }, 'open_interview.status'],
      [{ status: 'active', questions: [] }, 'open_interview.questions'],
      [{ status: 'active', questions: [{ text: 'Hm?', time_limit: 61 }] }, 'open_interview.questions.0.time_limit'],
      [{ status: 'active', expires_at: 'tomorrow' }, 'open_interview.expires_at'],
      [{ status: 'active', expires_at: at(-DAY_MS) }, 'open_interview.expires_at'],
      [{ status: 'active', expires_at: at(400 * DAY_MS) }, 'open_interview.expires_at'],
      [{ status: 'active', questions: QUESTIONS, interview_question_set: randomUUID() }, 'open_interview.interview_question_set'],
      [{ status: 'active', interview_question_set: randomUUID() }, 'open_interview.interview_question_set'],
      [{ status: 'active', applications_per_day: 0 }, 'open_interview.applications_per_day'],
      [{ status: 'active', applications_per_day: 10_001 }, 'open_interview.applications_per_day'],
      [{ status: 'active', applications_per_day: 1.5 }, 'open_interview.applications_per_day'],
    ];
    for (const [open, field] of refusals) {
      const refused = await api.put(`/jobs/${job.uuid}`, { open_interview: open });
      expectError(refused, 400, 'api.validation_failed');
      expect(refused.body.errors.map((e: any) => e.field)).toContain(field);
    }
    // Active without any question yet: a new job's open interview needs some.
    const company = await companyWithJob(t);
    const none = await company.api.put(`/jobs/${company.job.uuid}`, { open_interview: { status: 'active' } });
    expectError(none, 400, 'api.validation_failed');
    expect(none.body.errors.map((e: any) => e.field)).toEqual(['open_interview.questions']);
    expect((await company.api.get(`/jobs/${company.job.uuid}`)).body.open_interview).toBeNull();
    expect((await api.get(`/jobs/${job.uuid}`)).body).toEqual(before);
  });

  it('shows an applicant the job, its company and the questions’ time limits, without a key', async () => {
    const { job, open, me } = await openJob();
    const read = await anyone.get(`/public/open_interviews/${open.uuid}`);
    expect(read.status).toBe(200);
    expect(read.headers.get('cache-control')).toBe('no-store');
    expect(read.body).toEqual({
      uuid: open.uuid,
      company: { name: me.company.name, avatar: me.company.avatar },
      job: { title: 'Barista', description: 'Coffee, people, speed.', location: { formatted_address: job.location.formatted_address } },
      job_video: null,
      questions: { count: 2, time_limits: [60, 120] },
      expires_at: open.expires_at,
      due_days: 3,
      sms_invitations: true,
    });
  });

  it('creates the applicant’s one-way interview as any creation: its questions, due time and creator, InterviewCreated to a webhook, the invitation email', async () => {
    const company = await companyWithJob(t, 'unlimited', { title: 'Roaster' });
    const opener = await createStandardUser(company.api, t.as, `opener.${randomUUID().slice(0, 8)}@company.example`);
    const receiver = await new WebhookReceiver().start();
    try {
      await createWebhook(company.api, { description: 'ATS', url: receiver.url() });
      const put = await opener.api.put(`/jobs/${company.job.uuid}`, { open_interview: { status: 'active', questions: QUESTIONS } });
      const open = put.body.open_interview;
      const email = seekerEmail('applicant');
      const applied = await apply(open.uuid, { name: 'Ada Applicant', email });
      expect({ status: applied.status, body: applied.body }).toEqual({ status: 202, body: APPLIED });

      const mail = await inbox.next(email);
      expect(mail.subject).toBe(`Your video interview for Roaster at ${company.me.company.name}`);
      const link = new URL(/(http\S+\/candidate\/interviews\/\S+)/.exec(mail.text)![1]);
      const [interview] = await interviewsFor(company.api, email);
      expect(link.pathname).toBe(`/candidate/interviews/${interview.uuid}`);
      const full = (await company.api.get(`/interviews/${interview.uuid}`)).body;
      expect(full).toMatchObject({
        type: 'one_way',
        status: 'requested',
        job_post: { uuid: company.job.uuid },
        assigned_to: { name: 'Ada Applicant', email },
        created_by: opener.summary,
        source: { type: 'open_interview' },
      });
      expect(full.questions.map((q: any) => [q.text, q.time_limit, q.takes.remaining])).toEqual([
        ['Tell us about yourself.', 60, -1],
        ['Why this role?', 120, 2],
      ]);
      // Due OPEN_INTERVIEW_DUE_DAYS after applying.
      expect(Math.abs(new Date(full.scheduled_at).getTime() - (Date.now() + 3 * DAY_MS))).toBeLessThan(60_000);

      const created = await events.next(interview.uuid, 'interviews.interview.created');
      expect(created.payload.interview.uuid).toBe(interview.uuid);
      const delivered = await receiver.next('InterviewCreated', interview.uuid);
      expect(bodyOf(delivered).uuid).toBe(interview.uuid);

      // The candidate link works like any invitation's.
      const candidate = new ApiClient(t.baseUrl, undefined);
      const token = link.searchParams.get('token')!;
      const seen = await candidate.request('GET', `/candidate/interviews/${interview.uuid}`, { headers: { authorization: `Bearer ${token}` } });
      expect(seen.status).toBe(200);
    } finally {
      await receiver.close();
    }
  });

  it('keeps its 202 when interviews was down: the resume sweep makes the interview and sends the invitation once it is back, without a new application', async () => {
    const { api, open } = await openJob();
    const email = seekerEmail('resumed');
    // A claim given back after a failure, keeping what its interview is made from.
    const givenBack = () =>
      countRows(t, 'jobs.open_interview_applications', sql`open_interview_uuid = ${open.uuid} and claimed_at = '-infinity' and pending is not null`);
    await t.system.restartInterviews(async () => {
      const applied = await apply(open.uuid, { name: 'Rhea Resumed', email });
      expect({ status: applied.status, body: applied.body }).toEqual({ status: 202, body: APPLIED });
      // The creation after the answer fails (at the latest at its 30-s deadline, waiting for interviews to be ready).
      await waitFor(async () => (await givenBack()) === 1, 45_000);
    });
    expect(await interviewsFor(api, email)).toEqual([]);

    await t.system.jobs.resumeApplications();
    const mail = await inbox.next(email);
    const [interview] = await interviewsFor(api, email);
    expect(mail.text).toContain(`/candidate/interviews/${interview.uuid}`);
    expect(interview).toMatchObject({ type: 'one_way', assigned_to: { name: 'Rhea Resumed', email } });
    expect(await givenBack()).toBe(0);
    // Once: another pass, later, makes nothing more.
    await t.system.jobs.resumeApplications();
    await settled(t);
    expect(await interviewsFor(api, email)).toHaveLength(1);
  }, 90_000);

  it('answers a second application of the same email with the same 202: no second interview, the invitation re-sent once per 10 minutes', async () => {
    const { api, open } = await openJob();
    const email = seekerEmail('twice');
    expect((await apply(open.uuid, { name: 'Tom Twice', email })).status).toBe(202);
    await inbox.next(email);
    const [interview] = await interviewsFor(api, email);

    const again = await apply(open.uuid, { name: 'Tom T.', email: email.toUpperCase() });
    expect({ status: again.status, body: again.body }).toEqual({ status: 202, body: APPLIED });
    const resentMail = await inbox.next(email, 2);
    expect(resentMail.text).toContain(`/candidate/interviews/${interview.uuid}`);
    await events.next(interview.uuid, 'interviews.interview.invitation_resent');

    expect((await apply(open.uuid, { name: 'Tom Twice', email })).status).toBe(202);
    await settled(t);
    expect(inbox.to(email)).toHaveLength(2);
    expect(events.distinct(interview.uuid, 'interviews.interview.created')).toHaveLength(1);
    expect(await interviewsFor(api, email)).toHaveLength(1);
  });

  it('gives one 404 for an unknown, closed, expired link or one whose job is inactive or deleted, and takes no application through it', async () => {
    const links: string[] = [randomUUID(), 'not-a-uuid'];
    const closed = await openJob();
    await closed.api.put(`/jobs/${closed.job.uuid}`, { open_interview: { status: 'inactive' } });
    links.push(closed.open.uuid);
    const inactiveJob = await openJob();
    await inactiveJob.api.put(`/jobs/${inactiveJob.job.uuid}`, { status: 'inactive' });
    links.push(inactiveJob.open.uuid);
    const deleted = await openJob();
    expect((await deleted.api.delete(`/jobs/${deleted.job.uuid}`)).status).toBe(204);
    links.push(deleted.open.uuid);
    const expiring = await openJob({ expires_at: at(3_000) });
    // Due never after the end date.
    const email = seekerEmail('late');
    expect((await apply(expiring.open.uuid, { name: 'Lee Late', email })).status).toBe(202);
    await settled(t);
    const [late] = await interviewsFor(expiring.api, email);
    expect(late.scheduled_at).toBe(expiring.open.expires_at);
    await waitFor(async () => (await anyone.get(`/public/open_interviews/${expiring.open.uuid}`)).status === 404, 10_000);
    links.push(expiring.open.uuid);

    for (const uuid of links) {
      const read = await anyone.get(`/public/open_interviews/${uuid}`);
      expectError(read, 404, 'api.open_interview_not_found');
      const applied = await apply(uuid, { name: 'Nobody', email: seekerEmail('nobody') });
      expectError(applied, 404, 'api.open_interview_not_found');
      expect(applied.body).toEqual(read.body);
    }
  });

  it('refuses bad applications with every bad field named, and creates nothing; a filled honeypot is answered the same and creates nothing', async () => {
    const { api, open } = await openJob();
    const email = seekerEmail('bad');
    const bad = await apply(open.uuid, { name: '', email: 'nope', phone: '555' });
    expectError(bad, 400, 'api.validation_failed');
    expect(bad.body.errors.map((e: any) => e.field).sort()).toEqual(['email', 'name', 'phone_parsed']);
    // A phone without consent: interview creation's own rule.
    const noConsent = await apply(open.uuid, { name: 'Pat Phone', email, phone: '555 0100', phone_parsed: '+15555550100' });
    expectError(noConsent, 400, 'api.validation_failed');
    expect(noConsent.body.errors.map((e: any) => e.field)).toEqual(['has_sms_consent']);
    // Issue 38: the invitation greets the applicant by name, so a name is a plain name, never a link.
    for (const name of ['Win at evil.example', 'http://evil.example', '<a href="x">Ada</a>']) {
      const linked = await apply(open.uuid, { name, email: seekerEmail('linked') });
      expectError(linked, 400, 'api.validation_failed');
      expect([...new Set(linked.body.errors.map((e: any) => e.field))]).toEqual(['name']);
    }
    const robot = await apply(open.uuid, { name: 'Robo', email: seekerEmail('robot'), website: 'http://spam.example' });
    expect({ status: robot.status, body: robot.body }).toEqual({ status: 202, body: APPLIED });
    await settled(t);
    expect(((await api.get('/interviews')).body as any[]).length).toBe(0);
    // The refused email may apply properly at once.
    expect((await apply(open.uuid, { name: 'Pat Phone', email })).status).toBe(202);
    await settled(t);
    expect(await interviewsFor(api, email)).toHaveLength(1);
  });

  it('applies the plan’s rules: a phone needs the SMS feature', async () => {
    const { open } = await openJob({}, 'starter');
    // The public side says so, so that the apply page offers no phone.
    expect((await anyone.get(`/public/open_interviews/${open.uuid}`)).body.sms_invitations).toBe(false);
    const refused = await apply(open.uuid, {
      name: 'Sam Sms',
      email: seekerEmail('sms'),
      phone: '555 0101',
      phone_parsed: '+15555550101',
      has_sms_consent: true,
    });
    expect(refused.status).toBe(402);
  });

  // Issue 38: nothing in the answer tells whether an address has applied.
  it('answers an address that applied and a fresh one alike, refusals included, and makes nothing for the refused fresh one', async () => {
    const { api, open } = await openJob({}, 'starter');
    const applied = seekerEmail('applied');
    const fresh = seekerEmail('fresh');
    expect((await apply(open.uuid, { name: 'Al Applied', email: applied })).status).toBe(202);
    await settled(t);
    expect(await interviewsFor(api, applied)).toHaveLength(1);
    const answers = async (extra: Record<string, unknown>) => {
      const [one, other] = [
        await apply(open.uuid, { name: 'Al Applied', email: applied, ...extra }),
        await apply(open.uuid, { name: 'Fay Fresh', email: fresh, ...extra }),
      ];
      expect({ status: other.status, body: other.body }).toEqual({ status: one.status, body: one.body });
      return one;
    };
    const phone = { phone: '555 0102', phone_parsed: '+15555550102' };
    // A phone without consent, then with it on a plan without SMS: refused whatever the address.
    expectError(await answers(phone), 400, 'api.validation_failed');
    expectError(await answers({ ...phone, has_sms_consent: true }), 402, 'api.plan_sms_notifications_required');
    await settled(t);
    expect(await interviewsFor(api, fresh)).toEqual([]);
    expect(inbox.to(fresh)).toHaveLength(0);
    // Nothing was claimed for the fresh address: it applies at once, and a repeat is answered as the new one was.
    expect(await answers({})).toMatchObject({ status: 202, body: APPLIED });
    await settled(t);
    expect(await interviewsFor(api, fresh)).toHaveLength(1);
    expect(await interviewsFor(api, applied)).toHaveLength(1);
  });

  it("stops at the link's daily cap the company sets: the same 429 for a new address and a repeat, until the next UTC day", async () => {
    const { api, job, open } = await openJob({ applications_per_day: 2 });
    expect(open.applications_per_day).toBe(2);
    expect((await api.get(`/jobs/${job.uuid}`)).body.open_interview.applications_per_day).toBe(2);
    const first = seekerEmail('capped-first');
    for (const email of [first, seekerEmail('capped-second')]) expect((await apply(open.uuid, { name: 'Cap Applicant', email })).status).toBe(202);
    const fresh = seekerEmail('capped-fresh');
    const [repeat, again] = [await apply(open.uuid, { name: 'Cap Applicant', email: first }), await apply(open.uuid, { name: 'Cap Fresh', email: fresh })];
    expectError(repeat, 429, 'api.open_interview_daily_limit_reached');
    expect(again.body).toEqual(repeat.body);
    const midnight = new Date(new Date().toISOString().slice(0, 10) + 'T00:00:00Z').getTime() + DAY_MS;
    for (const refused of [repeat, again]) {
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect(Math.abs(Date.now() + retryAfter * 1000 - midnight)).toBeLessThan(60_000);
    }
    await settled(t);
    expect(await interviewsFor(api, fresh)).toEqual([]);
    expect(inbox.to(fresh)).toHaveLength(0);
    // The company raises it: applications are taken again at once.
    expect(
      (await api.put(`/jobs/${job.uuid}`, { open_interview: { status: 'active', applications_per_day: 3 } })).body.open_interview.applications_per_day,
    ).toBe(3);
    expect((await apply(open.uuid, { name: 'Cap Fresh', email: fresh })).status).toBe(202);
  });

  it('limits applications per link: 429 with Retry-After', async () => {
    const { open } = await openJob();
    for (let i = 0; i < PER_LINK; i++)
      expect((await apply(open.uuid, { name: `Applicant ${'ABCDEFGHIJ'[i]}`, email: seekerEmail(`many${i}`) })).status).toBe(202);
    const refused = await apply(open.uuid, { name: 'One too many', email: seekerEmail('toomany') });
    expectError(refused, 429, 'api.too_many_requests');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('open interviews: applications per client address', () => {
  let t: TestSystem;
  beforeAll(async () => {
    t = await startTestSystem({ OPEN_INTERVIEW_APPLICATIONS_PER_CLIENT: '2' });
  });
  afterAll(() => t.stop());

  it('refuses a client that applies too often, whatever the link: 429 with Retry-After', async () => {
    const company = await companyWithJob(t);
    const open = (await company.api.put(`/jobs/${company.job.uuid}`, { open_interview: { status: 'active', questions: QUESTIONS } })).body.open_interview;
    const anyone = t.as(undefined);
    for (let i = 0; i < 2; i++) {
      expect((await anyone.post(`/public/open_interviews/${open.uuid}/applications`, { name: 'Cy', email: seekerEmail(`cy${i}`) })).status).toBe(202);
    }
    const refused = await anyone.post(`/public/open_interviews/${randomUUID()}/applications`, { name: 'Cy', email: seekerEmail('cy') });
    expectError(refused, 429, 'api.too_many_requests');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
