import { memoryStore } from '@vi/platform-testing';
import { randomUUID } from 'node:crypto';
import { toRfc3339, FakeClock } from '@vi/platform-time';
import { aUserEvent, anInterviewEvent, DAY, HOUR, T0 } from '../../../test/factories';
import { notificationsFakes, type NotificationsRepositoryFakes } from '../../../test/fakes';
import { LINK_PLACEHOLDER } from '../../domain/messages';
import { planMessages } from './plan-messages';

describe('planMessages', () => {
  const clock = new FakeClock(T0);
  let db: NotificationsRepositoryFakes;
  let features: Record<string, boolean>;
  const sut = (message: Parameters<typeof planMessages>[1]) =>
    planMessages(
      {
        store: memoryStore({ ledger: db.ledger, messages: db.messages }),
        clock,
        plans: { features: async () => features },
        reminderLeadMs: DAY,
        onQueued: () => undefined,
      },
      message,
    );
  const messages = () =>
    db.messages.state.map((m) => ({ kind: m.kind, channel: m.channel, to: m.recipient, status: m.status, sendAfter: toRfc3339(m.send_after) }));

  beforeEach(() => {
    db = notificationsFakes();
    features = { interview_sms_notifications: true };
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

  it('sends no reminder for an interview due sooner than a day: the invitation is the reminder', async () => {
    await sut(anInterviewEvent('interviews.interview.created', { scheduledAt: new Date(T0.getTime() + 20 * HOUR) }));
    expect(messages().map((m) => m.kind)).toEqual(['interview_invitation', 'interview_invitation_sms']);
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
});
