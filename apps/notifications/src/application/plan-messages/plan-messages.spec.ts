import { memoryStore } from '@vi/platform-testing';
import { randomUUID } from 'node:crypto';
import { toRfc3339, FakeClock } from '@vi/platform-time';
import { aCommentEvent, aDecisionEvent, aUserEvent, anInterviewEvent, DAY, HOUR, liveCalendar, T0 } from '../../../test/factories';
import { notificationsFakes, type NotificationsRepositoryFakes } from '../../../test/fakes';
import { LINK_PLACEHOLDER } from '../../domain/messages';
import { planMessages, planMessagesBatch } from './plan-messages';

describe('planMessages', () => {
  const clock = new FakeClock(T0);
  let db: NotificationsRepositoryFakes;
  let features: Record<string, boolean>;
  let admins: Array<{ name: string; email: string }> = [];
  const deps = () => ({
    store: memoryStore({ ledger: db.ledger, messages: db.messages, calendars: db.calendars }),
    clock,
    plans: { features: async () => features },
    admins: { administrators: async () => admins },
    reminderLeadMs: DAY,
    calendar: liveCalendar,
    onQueued: () => undefined,
  });
  const sut = (message: Parameters<typeof planMessages>[1]) => planMessages(deps(), message);
  const messages = () =>
    db.messages.state.map((m) => ({ kind: m.kind, channel: m.channel, to: m.recipient, status: m.status, sendAfter: toRfc3339(m.send_after) }));

  beforeEach(() => {
    db = notificationsFakes();
    features = { interview_sms_notifications: true };
    admins = [];
    clock.set(T0);
  });

  it('emails a new company user a set-password link, asked of identity when it is sent (the stored body holds a placeholder)', async () => {
    const created = aUserEvent({ name: 'Pat', email: 'pat@acme.example' });

    await sut(created);

    expect(db.messages.state).toEqual([
      expect.objectContaining({
        kind: 'set_password',
        channel: 'email',
        recipient: 'pat@acme.example',
        link_kind: 'set_password',
        link_subject: (created.payload as { uuid: string }).uuid,
      }),
    ]);
    expect(db.messages.state[0].text_body).toContain(LINK_PLACEHOLDER);
  });

  it("emails a candidate's accommodation request to the interview's creator and the company's administrators, once each (issue 42)", async () => {
    admins = [
      { name: 'Cory', email: 'CORY@acme.example' },
      { name: 'Ada', email: 'ada@acme.example' },
    ];
    const event = anInterviewEvent('interviews.interview.accommodation_requested', { invitation: null });
    const request = { message: 'Could I answer <by voice> only?', requested_at: '2026-03-02T09:00:00+00:00' };

    await sut({ ...event, payload: { ...(event.payload as object), accommodation_request: request } });

    expect(messages().map((m) => [m.kind, m.to])).toEqual([
      ['accommodation_request', 'cory@acme.example'],
      ['accommodation_request', 'ada@acme.example'],
    ]);
    const interviewUuid = (event.payload as { interview: { uuid: string } }).interview.uuid;
    const [first] = db.messages.state;
    expect(first).toMatchObject({ subject: 'Sam asks for an accommodation', interview_uuid: interviewUuid, link_kind: null });
    expect(first.text_body).toContain('Could I answer <by voice> only?');
    expect(first.text_body).toContain('Sam (sam@seeker.example)');
    expect(first.text_body).toContain(`https://app.example/interview/${interviewUuid}/watch`);
    expect(first.html_body).toContain('Could I answer &lt;by voice&gt; only?');

    // Without the request (a malformed event), nothing.
    await sut(anInterviewEvent('interviews.interview.accommodation_requested', { invitation: null }));
    expect(db.messages.state).toHaveLength(2);
  });

  it('sends a job seeker no set-password email', async () => {
    await sut(aUserEvent({ type: 'job_seeker', company_uuid: null, role: null }));
    expect(db.messages.state).toEqual([]);
  });

  it('invites by email and SMS, and reminds by SMS a day before the interview is due', async () => {
    await sut(anInterviewEvent('interviews.interview.created', { scheduledAt: new Date(T0.getTime() + 3 * DAY) }));

    expect(messages()).toEqual([
      { kind: 'interview_invitation', channel: 'email', to: 'sam@seeker.example', status: 'pending', sendAfter: '2026-03-02T09:00:00+00:00' },
      { kind: 'interview_invitation_sms', channel: 'sms', to: '+15550101', status: 'pending', sendAfter: '2026-03-02T09:00:00+00:00' },
      { kind: 'interview_reminder_sms', channel: 'sms', to: '+15550101', status: 'pending', sendAfter: '2026-03-04T09:00:00+00:00' },
    ]);
  });

  it("says in the invitation email, not the SMS, that the answers are transcribed when the interview's company transcribes them (decision 073)", async () => {
    const said = 'Your answers will be transcribed to text so the hiring team can read and search them.';
    await sut(anInterviewEvent('interviews.interview.created', { invitation: { answers_transcribed: true } }));
    await sut(anInterviewEvent('interviews.interview.created', { invitation: { answers_transcribed: false } }));
    // An event of an interviews service older than the field: not said.
    await sut(anInterviewEvent('interviews.interview.created'));
    const bodies = db.messages.state.filter((m) => m.kind === 'interview_invitation').map((m) => m.text_body.includes(said));
    expect(bodies).toEqual([true, false, false]);
    expect(db.messages.state.filter((m) => m.channel === 'sms').some((m) => m.text_body.includes('transcribed'))).toBe(false);
  });

  it('sends no reminder for an interview due sooner than a day: the invitation is the reminder', async () => {
    await sut(anInterviewEvent('interviews.interview.created', { scheduledAt: new Date(T0.getTime() + 20 * HOUR) }));
    expect(messages().map((m) => m.kind)).toEqual(['interview_invitation', 'interview_invitation_sms']);
  });

  it("re-sends an open interview applicant's invitation by email alone, keeping the pending reminder (decision 045)", async () => {
    await sut(anInterviewEvent('interviews.interview.created', { scheduledAt: new Date(T0.getTime() + 3 * DAY) }));
    await sut(anInterviewEvent('interviews.interview.invitation_resent', { scheduledAt: new Date(T0.getTime() + 3 * DAY) }));
    expect(messages().map((m) => [m.kind, m.status])).toEqual([
      ['interview_invitation', 'pending'],
      ['interview_invitation_sms', 'pending'],
      ['interview_reminder_sms', 'pending'],
      ['interview_invitation', 'pending'],
    ]);
  });

  it('sends no SMS without the plan feature or without consent', async () => {
    features = {};
    await sut(anInterviewEvent('interviews.interview.created'));
    await sut(anInterviewEvent('interviews.interview.created', { invitation: { has_sms_consent: false } }));
    expect(messages().map((m) => m.kind)).toEqual(['interview_invitation', 'interview_invitation']);
  });

  it('a reschedule replaces the pending reminder; an ended interview cancels it', async () => {
    const interviewUuid = randomUUID();
    await sut(anInterviewEvent('interviews.interview.created', { interviewUuid, scheduledAt: new Date(T0.getTime() + 3 * DAY) }));
    clock.advance(HOUR);
    await sut(anInterviewEvent('interviews.interview.rescheduled', { interviewUuid, scheduledAt: new Date(T0.getTime() + 5 * DAY) }));
    const reminders = () => messages().filter((m) => m.kind === 'interview_reminder_sms');
    expect(reminders()).toEqual([
      expect.objectContaining({ status: 'canceled' }),
      expect.objectContaining({ status: 'pending', sendAfter: '2026-03-06T09:00:00+00:00' }),
    ]);

    await sut(anInterviewEvent('interviews.interview.completed', { interviewUuid, invitation: null }));
    expect(reminders().map((m) => m.status)).toEqual(['canceled', 'canceled']);
  });

  it("plans a consumer's batch in stream order: a reschedule cancels the reminder of the creation before it; a redelivered event plans nothing (decision 051)", async () => {
    const [interviewUuid, other] = [randomUUID(), randomUUID()];
    const created = anInterviewEvent('interviews.interview.created', { interviewUuid, scheduledAt: new Date(T0.getTime() + 3 * DAY) });
    const otherCreated = anInterviewEvent('interviews.interview.created', { interviewUuid: other, scheduledAt: new Date(T0.getTime() + 3 * DAY) });
    await planMessagesBatch(deps(), [
      created,
      otherCreated,
      anInterviewEvent('interviews.interview.rescheduled', { interviewUuid, scheduledAt: new Date(T0.getTime() + 5 * DAY) }),
      created,
    ]);
    await planMessagesBatch(deps(), [otherCreated, created]);

    const remindersOf = (uuid: string) =>
      db.messages.state.filter((m) => m.interview_uuid === uuid && m.kind === 'interview_reminder_sms').map((m) => m.status);
    expect(remindersOf(interviewUuid)).toEqual(['canceled', 'pending']);
    expect(remindersOf(other)).toEqual(['pending']);
    expect(db.messages.state.filter((m) => m.kind === 'interview_invitation')).toHaveLength(3);
  });

  it('plans nothing twice for a redelivered event', async () => {
    const created = anInterviewEvent('interviews.interview.created');
    await sut(created);
    await sut(created);
    expect(db.messages.state).toHaveLength(3);
  });

  it("emails an advanced link's reviewer when its creator asked to", async () => {
    const link = (sendEmail: boolean) => ({
      id: randomUUID(),
      subject: 'sharing.share_link.created',
      occurredAt: toRfc3339(T0),
      payload: {
        uuid: randomUUID(),
        kind: 'advanced',
        send_email: sendEmail,
        reviewer: { name: 'Rita', email: 'rita@review.example' },
        company: { uuid: randomUUID(), name: 'Acme' },
        created_by: null,
        interviews: [{ uuid: randomUUID(), job_title: 'Welder', candidate_name: 'Sam' }],
      },
    });

    await sut(link(false));
    await sut(link(true));

    expect(db.messages.state).toEqual([expect.objectContaining({ kind: 'share_link_reviewer', recipient: 'rita@review.example', link_kind: 'share_link' })]);
  });

  describe("evaluations' emails (decision 070)", () => {
    const company = randomUUID();

    it('emails each colleague a comment mentions, but its author, a link to the watch page at its moment; once however often the event comes', async () => {
      const event = aCommentEvent(company);
      const { interview_uuid, comment } = event.payload as { interview_uuid: string; comment: { take_uuid: string; author: { uuid: string } } };
      (event.payload as { mentions: unknown[] }).mentions.push({ uuid: comment.author.uuid, name: 'Una', email: 'una@acme.example' });

      await sut(event);
      await sut(event);

      expect(db.messages.state).toEqual([
        expect.objectContaining({
          kind: 'comment_mention',
          channel: 'email',
          recipient: 'mo@acme.example',
          interview_uuid,
          link_kind: null,
          subject: 'Una mentioned you in a comment',
        }),
      ]);
      expect(db.messages.state[0].text_body).toContain(
        `Watch from 0:03: https://app.example/interview/${interview_uuid}/watch?take=${comment.take_uuid}&at_ms=3000`,
      );
    });

    it("links a recording's moment, or the watch page alone for a comment on no answer; a comment mentioning no one plans nothing", async () => {
      const recording = randomUUID();
      const onRecording = aCommentEvent(company, { comment: { take_uuid: null, recording_uuid: recording, at_ms: 61_000 } });
      const onNothing = aCommentEvent(company, { comment: { take_uuid: null, at_ms: null } });
      await planMessagesBatch(deps(), [onRecording, onNothing, aCommentEvent(company, { mentions: [] })]);
      const [first, second] = db.messages.state.map((m) => m.text_body);
      expect(first).toContain(
        `Watch from 1:01: https://app.example/interview/${(onRecording.payload as { interview_uuid: string }).interview_uuid}/watch?recording=${recording}&at_ms=61000`,
      );
      expect(second).toContain(`Open the interview: https://app.example/interview/${(onNothing.payload as { interview_uuid: string }).interview_uuid}/watch\n`);
      expect(db.messages.state).toHaveLength(2);
    });

    it('emails the job seeker of a reject the company chose to tell, in the language of the notice; other decisions email no one', async () => {
      const rejected = aDecisionEvent(company, { notify: { email: 'lucia@seeker.example', name: 'Lucía', language: 'fr-CA', message: null } });
      await sut(aDecisionEvent(company));
      await sut(aDecisionEvent(company, { decision: 'advance' }));
      await sut(rejected);
      await sut(rejected);

      expect(db.messages.state).toEqual([
        expect.objectContaining({
          kind: 'decision_rejected',
          recipient: 'lucia@seeker.example',
          interview_uuid: (rejected.payload as { interview_uuid: string }).interview_uuid,
          subject: 'Votre candidature au poste de Welder chez Acme',
          link_kind: null,
        }),
      ]);
      expect(db.messages.state[0].text_body).toMatch(/^Bonjour Lucía,\n\nMerci du temps/);
    });
  });

  describe('a live interview', () => {
    const live = (subject: string, options: Parameters<typeof anInterviewEvent>[1] = {}) =>
      anInterviewEvent(`interviews.interview.${subject}`, {
        type: 'live',
        invitation: { timezone: 'Europe/Paris', scheduled_at_local: 'Thursday, March 5, 2026 at 10:00:00 AM GMT+1' },
        ...options,
      });
    const emails = () => db.messages.state.filter((m) => m.channel === 'email');

    it('invites the job seeker (candidate link, when in its timezone and in UTC) and its creator (the interview page), one calendar event for both', async () => {
      const interviewUuid = randomUUID();
      await sut(live('created', { interviewUuid, scheduledAt: new Date('2026-03-05T09:00:00Z') }));

      const [candidate, creator] = emails();
      expect(candidate).toMatchObject({ kind: 'interview_invitation', recipient: 'sam@seeker.example', link_kind: 'candidate', link_subject: interviewUuid });
      expect(candidate.subject).toBe('Live video interview for Welder at Acme');
      expect(candidate.text_body).toContain(
        'When: Thursday, March 5, 2026 at 10:00:00 AM GMT+1 (Europe/Paris), that is Thursday, March 5, 2026 at 9:00:00 AM UTC.',
      );
      expect(candidate.text_body).toContain(`Your interview's page: ${LINK_PLACEHOLDER}`);
      expect(candidate.text_body).not.toMatch(/record|due/i);
      expect(creator).toMatchObject({ kind: 'interview_creator_calendar', recipient: 'cory@acme.example', link_kind: null });
      expect(creator.text_body).toContain(`https://app.example/interview/${interviewUuid}/watch`);
      expect(creator.text_body).not.toContain(LINK_PLACEHOLDER);

      const event = {
        method: 'REQUEST',
        uid: `${interviewUuid}@video-interviewing`,
        sequence: 0,
        start: '2026-03-05T09:00:00+00:00',
        organizer: { name: 'Acme', email: 'no-reply@vi.example' },
      };
      const sam = { name: 'Sam', email: 'sam@seeker.example' };
      // The job seeker's copy names no company user (decision 036).
      expect(candidate.calendar).toEqual({
        ...event,
        end: '2026-03-05T10:00:00.000Z',
        summary: expect.any(String),
        description: expect.any(String),
        url: LINK_PLACEHOLDER,
        attendees: [sam],
      });
      expect(JSON.stringify(candidate)).not.toContain('cory@acme.example');
      // Its SMS (consent and the plan's feature given) speaks of a meeting too.
      expect(db.messages.state.find((m) => m.kind === 'interview_invitation_sms')?.text_body).toBe(
        `Acme: your live video interview for Welder starts Thursday, March 5, 2026 at 10:00:00 AM GMT+1 (Europe/Paris). ${LINK_PLACEHOLDER}`,
      );
      expect(creator.calendar).toMatchObject({
        ...event,
        url: `https://app.example/interview/${interviewUuid}/watch`,
        attendees: [sam, { name: 'Cory', email: 'cory@acme.example' }],
      });
    });

    it('a reschedule sends both the update with the same UID and SEQUENCE + 1, every time; a reset keeps the SEQUENCE', async () => {
      const interviewUuid = randomUUID();
      await sut(live('created', { interviewUuid }));
      await sut(live('rescheduled', { interviewUuid, updatedAt: new Date(T0.getTime() + HOUR), scheduledAt: new Date(T0.getTime() + 4 * DAY) }));
      await sut(live('rescheduled', { interviewUuid, updatedAt: new Date(T0.getTime() + 2 * HOUR), scheduledAt: new Date(T0.getTime() + 5 * DAY) }));
      await sut(live('reset', { interviewUuid, updatedAt: new Date(T0.getTime() + 3 * HOUR) }));

      expect(emails().map((m) => [m.kind, m.calendar?.method, m.calendar?.uid, m.calendar?.sequence])).toEqual(
        [0, 1, 2, 2].flatMap((sequence) => [
          ['interview_invitation', 'REQUEST', `${interviewUuid}@video-interviewing`, sequence],
          ['interview_creator_calendar', 'REQUEST', `${interviewUuid}@video-interviewing`, sequence],
        ]),
      );
      expect(emails()[2].subject).toBe('New time: your live interview for Welder at Acme');
      expect(emails()[4].calendar?.start).toBe(toRfc3339(new Date(T0.getTime() + 5 * DAY)));
    });

    it('a cancel sends both METHOD:CANCEL with SEQUENCE + 1 and no link; a late, older reschedule then sends nothing', async () => {
      const interviewUuid = randomUUID();
      await sut(live('created', { interviewUuid }));
      await sut(live('canceled', { interviewUuid, updatedAt: new Date(T0.getTime() + 2 * HOUR) }));
      await sut(live('rescheduled', { interviewUuid, updatedAt: new Date(T0.getTime() + HOUR) }));

      const canceled = emails().slice(2);
      expect(canceled.map((m) => [m.kind, m.recipient, m.link_kind, m.calendar?.method, m.calendar?.sequence, m.calendar?.url])).toEqual([
        ['interview_cancellation', 'sam@seeker.example', null, 'CANCEL', 1, null],
        ['interview_creator_calendar', 'cory@acme.example', null, 'CANCEL', 1, null],
      ]);
      expect(canceled[0].subject).toBe('Canceled: your live interview for Welder at Acme');
      expect(canceled[0].text_body).toContain('It was planned for Thursday, March 5, 2026 at 10:00:00 AM GMT+1 (Europe/Paris).');
      expect(emails()).toHaveLength(4);
    });

    it('sends the job seeker their invitation when nobody is known to have created it; a one-way interview gets no calendar', async () => {
      await sut(live('created', { createdBy: null }));
      await sut(anInterviewEvent('interviews.interview.created'));
      await sut(anInterviewEvent('interviews.interview.canceled'));
      expect(emails().map((m) => [m.kind, m.calendar?.attendees.length ?? null])).toEqual([
        ['interview_invitation', 1],
        ['interview_invitation', null],
      ]);
    });

    it('forgets the SEQUENCE of a deleted interview', async () => {
      const interviewUuid = randomUUID();
      await sut(live('created', { interviewUuid }));
      await sut(live('deleted', { interviewUuid, invitation: null }));
      expect(db.calendars.state).toEqual([]);
    });
  });
});
