import { parseICalendar, waitFor } from '@vi/platform-testing';
import { startTestSystem, type TestSystem } from '../support/test-system';
import { InterviewEvents, companyWithJob, createInterview, inFuture, liveBody, putInterview, seekerEmail } from '../interviews/interview-helpers';
import { SmtpInbox, type ReceivedEmail } from './notification-helpers';

const DAY = 24 * 3600_000;

/** A live interview's invitation by email with its iCalendar invitation, its updates and its cancellation (decision 041). */
describe('live interview calendar invitations', () => {
  let t: TestSystem;
  let inbox: SmtpInbox;
  let events: InterviewEvents;

  beforeAll(async () => {
    inbox = await new SmtpInbox().start();
    t = await startTestSystem({ SMTP_URL: inbox.url, MAIL_FROM: 'Interviews <interviews@vi.example>' });
    events = await new InterviewEvents().start(t.system.bus);
  });
  afterAll(async () => {
    await events.close();
    await t.stop();
    await inbox.close();
  });

  /** The `count`-th email to `address` with a calendar part (a new company's administrator got a set-password email first). */
  async function withCalendar(address: string, count = 1): Promise<ReceivedEmail> {
    const received = () => inbox.to(address).filter((m) => m.calendars.length > 0);
    await waitFor(() => received().length >= count, 10_000);
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
    const mail = await inbox.next(seeker);
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
      attendees: [
        { name: 'Lia Live', email: seeker, rsvp: 'FALSE' },
        { name: company.me.user.name, email: creator, rsvp: 'FALSE' },
      ],
    });
    expect(invited.uid).toContain(interview.uuid);

    // The creator gets the same event, with the interview's page instead of the job seeker's link.
    const forCreator = await withCalendar(creator);
    expect(forCreator.subject).toBe('Calendar invitation: live interview with Lia Live for Live Welder');
    expect(forCreator.text).not.toContain('token=');
    const creatorCalendar = await calendarOf(forCreator);
    expect(creatorCalendar).toMatchObject({ method: 'REQUEST', uid: invited.uid, sequence: 0, start: invited.start });
    expect(creatorCalendar.url).toMatch(new RegExp(`/interview/${interview.uuid}/watch$`));

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
    expect((await inbox.next(seeker, 2)).subject).toBe(`New time: your live interview for Live Welder at ${company.me.company.name}`);

    // Canceled: METHOD:CANCEL with the next SEQUENCE, and no link any more.
    await putInterview(company.api, interview.uuid, { status: 'canceled' });
    for (const address of [seeker, creator]) {
      const cancellation = await withCalendar(address, 4);
      expect(cancellation.text).not.toContain('token=');
      expect(await calendarOf(cancellation)).toMatchObject({ method: 'CANCEL', uid: invited.uid, sequence: 3, status: 'CANCELLED', url: null });
    }
    expect((await inbox.next(seeker, 4)).subject).toBe(`Canceled: your live interview for Live Welder at ${company.me.company.name}`);
  });

  it('sends a one-way interview invitation without a calendar, and nothing to its creator', async () => {
    const company = await companyWithJob(t);
    const seeker = seekerEmail('oneway');
    const interview = await createInterview(
      company.api,
      liveBody(company.job.uuid, { type: 'one_way', assigned_to: { name: 'Ona Way', email: seeker }, questions: [{ text: 'Hi?', time_limit: 60 }] }),
    );
    const mail = await inbox.next(seeker);
    expect(mail.calendars).toEqual([]);
    await events.next(interview.uuid, 'interviews.interview.created');
    expect(inbox.to(company.me.user.email).filter((m) => m.subject.includes('Ona Way'))).toEqual([]);
  });
});
