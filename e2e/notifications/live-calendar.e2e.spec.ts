import { icalendarContentLines, parseICalendar, waitFor } from '@vi/platform-testing';
import { ApiClient } from '../support/api-client';
import { startTestSystem, type TestSystem } from '../support/test-system';
import {
  InterviewEvents,
  companyWithJob,
  createInterview,
  inFuture,
  interviewBody,
  liveBody,
  putInterview,
  seekerEmail,
} from '../interviews/interview-helpers';
import { SmtpInbox, type ReceivedEmail } from './notification-helpers';

const DAY = 24 * 3600_000;
// Generous: on a busy CI machine the message worker may take a while; a test waits only as long as it must.
const MAIL_TIMEOUT_MS = 30_000;

/** A live interview's invitation by email with its iCalendar invitation, its updates and its cancellation (decision 041). */
describe('live interview calendar invitations', () => {
  let t: TestSystem;
  let inbox: SmtpInbox;
  let events: InterviewEvents;
  let candidateApi: ApiClient;

  beforeAll(async () => {
    inbox = await new SmtpInbox().start();
    t = await startTestSystem({ SMTP_URL: inbox.url, MAIL_FROM: 'Interviews <interviews@vi.example>' });
    events = await new InterviewEvents().start(t.system.bus);
    candidateApi = new ApiClient(t.baseUrl, undefined);
  });
  afterAll(async () => {
    await events.close();
    await t.stop();
    await inbox.close();
  });

  /** The `count`-th email to `address` with a calendar part (a new company's administrator got a set-password email first). */
  async function withCalendar(address: string, count = 1): Promise<ReceivedEmail> {
    const received = () => inbox.to(address).filter((m) => m.calendars.length > 0);
    await waitFor(() => received().length >= count, MAIL_TIMEOUT_MS);
    return received()[count - 1];
  }

  /** The one calendar part of an email, its MIME METHOD, and its one event as a parser reads it. */
  async function calendarOf(mail: ReceivedEmail) {
    expect(mail.calendars).toHaveLength(1);
    const [part] = mail.calendars;
    const parsed = await parseICalendar(part.content);
    expect(parsed.method).toBe(part.method);
    expect(parsed.events).toHaveLength(1);
    return { method: parsed.method, ...parsed.events[0] };
  }

  it('invites the job seeker and the creator with one calendar event; a reschedule updates it (SEQUENCE + 1, same UID); a cancel cancels it', async () => {
    const company = await companyWithJob(t, 'unlimited', { title: 'Live Welder' });
    const seeker = seekerEmail('live');
    const creator = company.me.user.email as string;
    const interview = await createInterview(
      company.api,
      liveBody(company.job.uuid, { assigned_to: { name: 'Lia Live', email: seeker }, timezone: 'America/New_York', scheduled_at: inFuture(2 * DAY) }),
    );
    const invitation = (await events.next(interview.uuid, 'interviews.interview.created')).payload.invitation;

    // The job seeker: when (the interview's timezone and UTC), the candidate link, and the calendar invitation.
    const mail = await inbox.next(seeker, 1, MAIL_TIMEOUT_MS);
    expect(mail.subject).toBe(`Live video interview for Live Welder at ${company.me.company.name}`);
    expect(mail.text).toContain(`When: ${invitation.scheduled_at_local} (America/New_York), that is `);
    expect(mail.text).toMatch(/that is \w+day, \w+ \d+, \d{4} at \d+:\d\d:\d\d [AP]M UTC\./);
    const link = /(http\S+\/candidate\/interviews\/\S+)/.exec(mail.text)![1];
    expect(new URL(link).pathname).toBe(`/candidate/interviews/${interview.uuid}`);
    const invited = await calendarOf(mail);
    expect(invited).toMatchObject({
      method: 'REQUEST',
      sequence: 0,
      start: new Date(interview.scheduled_at).toISOString(),
      url: link,
      organizer: { name: company.me.company.name, email: 'interviews@vi.example' },
      attendees: [{ name: 'Lia Live', email: seeker, rsvp: 'FALSE' }],
    });
    expect(mail.calendars[0].content).not.toContain(creator);
    expect(invited.uid).toContain(interview.uuid);

    // The same event as a file the landing page offers, with the token of the link.
    const token = new URL(link).searchParams.get('token')!;
    const download = () =>
      candidateApi.request('GET', `/candidate/interviews/${interview.uuid}/calendar.ics`, { headers: { authorization: `Bearer ${token}` } });
    const downloaded = await download();
    expect(downloaded.status).toBe(200);
    expect(downloaded.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(downloaded.headers.get('content-disposition')).toBe('attachment; filename="interview.ics"');
    const file = await parseICalendar(downloaded.body as string);
    const { method: _method, ...emailed } = invited;
    // A fresh link (another token) in the same place.
    const fresh = expect.stringContaining(`/candidate/interviews/${interview.uuid}?token=`);
    expect(file).toEqual({ method: 'REQUEST', events: [{ ...emailed, url: fresh, description: fresh }] });

    // The creator gets the same event, with the interview's page instead of the job seeker's link.
    const forCreator = await withCalendar(creator);
    expect(forCreator.subject).toBe('Calendar invitation: live interview with Lia Live for Live Welder');
    expect(forCreator.text).not.toContain('token=');
    const creatorCalendar = await calendarOf(forCreator);
    expect(creatorCalendar).toMatchObject({ method: 'REQUEST', uid: invited.uid, sequence: 0, start: invited.start });
    expect(creatorCalendar.url).toMatch(new RegExp(`/interview/${interview.uuid}/watch$`));
    expect(creatorCalendar.attendees.map((a) => a.email)).toEqual([seeker, creator]);

    // Rescheduled twice: each time both get the update, the same UID and the next SEQUENCE, at the new time.
    for (const [n, days] of [
      [1, 3],
      [2, 4],
    ]) {
      const moved = await putInterview(company.api, interview.uuid, { scheduled_at: inFuture(days * DAY) });
      for (const address of [seeker, creator]) {
        const update = await calendarOf(await withCalendar(address, n + 1));
        expect(update).toMatchObject({ method: 'REQUEST', uid: invited.uid, sequence: n, start: new Date(moved.scheduled_at).toISOString() });
      }
    }
    expect((await inbox.next(seeker, 2, MAIL_TIMEOUT_MS)).subject).toBe(`New time: your live interview for Live Welder at ${company.me.company.name}`);
    expect((await parseICalendar((await download()).body as string)).events[0]).toMatchObject({ uid: invited.uid, sequence: 2 });

    // Canceled: METHOD:CANCEL with the next SEQUENCE, and no link any more.
    await putInterview(company.api, interview.uuid, { status: 'canceled' });
    for (const address of [seeker, creator]) {
      const cancellation = await withCalendar(address, 4);
      expect(cancellation.text).not.toContain('token=');
      expect(await calendarOf(cancellation)).toMatchObject({ method: 'CANCEL', uid: invited.uid, sequence: 3, status: 'CANCELLED', url: null });
    }
    expect((await inbox.next(seeker, 4, MAIL_TIMEOUT_MS)).subject).toBe(`Canceled: your live interview for Live Welder at ${company.me.company.name}`);
  });

  it("keeps a hostile name inside its parameter in every calendar: the job seeker's email, the creator's copy and the download (issue 38)", async () => {
    const company = await companyWithJob(t, 'unlimited', { title: 'Quoted Welder' });
    const seeker = seekerEmail('quoted');
    const creator = company.me.user.email as string;
    const name = 'Jane":mailto:attacker@evil.example';
    const interview = await createInterview(company.api, liveBody(company.job.uuid, { assigned_to: { name, email: seeker }, scheduled_at: inFuture(2 * DAY) }));
    const emailed = await withCalendar(seeker);
    const token = new URL(/(http\S+\/candidate\/interviews\/\S+)/.exec(emailed.text)![1]).searchParams.get('token')!;
    const downloaded = await candidateApi.request('GET', `/candidate/interviews/${interview.uuid}/calendar.ics`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const calendars: Array<[string, string, string[]]> = [
      ["the job seeker's email", emailed.calendars[0].content, [seeker]],
      ["the creator's copy", (await withCalendar(creator)).calendars[0].content, [seeker, creator]],
      ['the download', downloaded.body as string, [seeker]],
    ];
    for (const [label, ics, addresses] of calendars) {
      // Strictly as RFC 5545 writes it (parseICalendar checks every line first), the name whole, the addresses ours.
      const attendees = icalendarContentLines(ics).filter((line) => line.name === 'ATTENDEE');
      expect({ label, values: attendees.map((a) => a.value.toLowerCase()) }).toEqual({ label, values: addresses.map((a) => `mailto:${a}`) });
      expect({ label, seeker: attendees[0].parameters.find((p) => p.name === 'CN')?.values }).toEqual({ label, seeker: [name] });
      const [event] = (await parseICalendar(ics)).events;
      expect({ label, emails: event.attendees.map((a) => a.email), name: event.attendees[0].name }).toEqual({ label, emails: addresses, name });
    }
  });

  it("refuses the calendar file of a one-way interview and of another candidate's interview", async () => {
    const company = await companyWithJob(t);
    const oneWay = await createInterview(company.api, interviewBody(company.job.uuid, { assigned_to: { name: 'Ona Way', email: seekerEmail('oneway') } }));
    const live = await createInterview(company.api, liveBody(company.job.uuid, { scheduled_at: inFuture(2 * DAY) }));
    const token = await t.candidateLinks.token(oneWay.uuid);
    const as = (uuid: string) => candidateApi.request('GET', `/candidate/interviews/${uuid}/calendar.ics`, { headers: { authorization: `Bearer ${token}` } });
    const refused = await as(oneWay.uuid);
    expect({ status: refused.status, code: refused.body.code }).toEqual({ status: 404, code: 'api.interview_calendar_not_found' });
    expect(refused.body.reason).toMatch(/^Only a live interview has a calendar invitation/);
    expect((await as(live.uuid)).status).toBe(404);
  });

  it('sends a one-way interview invitation without a calendar, and nothing to its creator', async () => {
    const company = await companyWithJob(t);
    const seeker = seekerEmail('oneway');
    const interview = await createInterview(
      company.api,
      liveBody(company.job.uuid, { type: 'one_way', assigned_to: { name: 'Ona Way', email: seeker }, questions: [{ text: 'Hi?', time_limit: 60 }] }),
    );
    const mail = await inbox.next(seeker, 1, MAIL_TIMEOUT_MS);
    expect(mail.calendars).toEqual([]);
    await events.next(interview.uuid, 'interviews.interview.created');
    expect(inbox.to(company.me.user.email).filter((m) => m.subject.includes('Ona Way'))).toEqual([]);
  });
});
