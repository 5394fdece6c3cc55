import { memoryStore, parseICalendar } from '@vi/platform-testing';
import { randomUUID } from 'node:crypto';
import { createLogger } from '@vi/platform-logger';
import { FakeClock } from '@vi/platform-time';
import { aNewMessage, DAY, T0 } from '../../../test/factories';
import { InMemoryMessages, notificationsFakes, type NotificationsRepositoryFakes } from '../../../test/fakes';
import type { LinkIssuer, OutgoingEmail } from '../ports';
import { MessageDispatcher } from './send-messages';
import type { CalendarInvitation } from '../../domain/calendar';
import { LINK_PLACEHOLDER } from '../../domain/messages';

const SECOND = 1000;

describe('MessageDispatcher', () => {
  const logger = createLogger('send-messages-spec', 'silent');
  let clock: FakeClock;
  let db: NotificationsRepositoryFakes;
  let emails: OutgoingEmail[];
  let texts: Array<{ to: string; body: string; idempotencyKey: string }>;
  let mailFails: boolean;
  let smsConfigured: boolean;
  let issued: string | null;

  let candidateCalls: string[][];
  const links: LinkIssuer = {
    setPasswordUrl: async () => issued,
    candidateUrls: async (uuids) => {
      candidateCalls.push(uuids);
      return new Map(issued === null ? [] : uuids.map((u) => [u, `${issued}&for=${u}`]));
    },
    shareLinkUrls: async (uuids) => new Map(issued === null ? [] : uuids.map((u) => [u, issued!])),
  };
  let mailDelayMs: (email: OutgoingEmail) => number;
  let finishStatements: number;
  const sut = () =>
    new MessageDispatcher({
      store: memoryStore({ messages: db.messages }),
      clock,
      mailer: {
        send: async (email) => {
          if (mailFails) throw new Error('SMTP 451 try later');
          const delay = mailDelayMs(email);
          if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
          emails.push(email);
        },
      },
      sms: {
        get configured() {
          return smsConfigured;
        },
        send: async (sms) => void texts.push(sms),
      },
      links,
      retryScheduleMs: [30 * SECOND, 120 * SECOND],
      leaseMs: 120 * SECOND,
      logger,
      outcomeWaitMs: 50,
    });
  class CountingMessages extends InMemoryMessages {
    override async finishAttempts(...args: Parameters<InMemoryMessages['finishAttempts']>): Promise<void> {
      finishStatements++;
      return super.finishAttempts(...args);
    }
  }

  beforeEach(() => {
    clock = new FakeClock(T0);
    const fakes = notificationsFakes();
    db = { ...fakes, messages: new CountingMessages(fakes.ledger) };
    [emails, texts, mailFails, smsConfigured, issued] = [[], [], false, true, 'https://app.example/set-password?token=t0k3n'];
    [candidateCalls, mailDelayMs, finishStatements] = [[], () => 0, 0];
  });

  it('sends a due email with its link in place; the stored message keeps only the placeholder', async () => {
    const userUuid = randomUUID();
    await db.messages.insertMany([aNewMessage({ link_kind: 'set_password', link_subject: userUuid })]);

    await sut().pass();

    expect(emails).toEqual([
      {
        to: 'pat@acme.example',
        subject: 'Set your Video Interviewing password',
        text: 'Hello Pat, https://app.example/set-password?token=t0k3n',
        html: expect.stringContaining('href="https://app.example/set-password?token=t0k3n"'),
        kind: 'set_password',
      },
    ]);
    expect(db.messages.state[0]).toMatchObject({ status: 'sent', attempts: 1, sent_at: T0, text_body: 'Hello Pat, {{link}}' });
  });

  it("attaches a live interview's calendar invitation as .ics, the candidate link in place, stamped when sent", async () => {
    issued = 'https://app.example/candidate/interviews/i1?token=t0k3n';
    const calendar: CalendarInvitation = {
      method: 'REQUEST',
      uid: 'i1@video-interviewing',
      sequence: 1,
      start: '2026-03-05T09:00:00+00:00',
      end: '2026-03-05T10:00:00+00:00',
      summary: 'Live interview: Welder at Acme',
      description: `Join from your interview's page: ${LINK_PLACEHOLDER}`,
      url: LINK_PLACEHOLDER,
      organizer: { name: 'Acme', email: 'no-reply@vi.example' },
      attendees: [{ name: 'Sam', email: 'sam@seeker.example' }],
    };
    await db.messages.insertMany([aNewMessage({ kind: 'interview_invitation', link_kind: 'candidate', link_subject: randomUUID(), calendar })]);

    await sut().pass();

    expect(emails).toHaveLength(1);
    expect(emails[0].calendar?.method).toBe('REQUEST');
    const [event] = (await parseICalendar(emails[0].calendar!.content)).events;
    const url = `${issued}&for=${db.messages.state[0].link_subject}`;
    expect(event).toMatchObject({ uid: 'i1@video-interviewing', sequence: 1, start: '2026-03-05T09:00:00.000Z', url });
    expect(event.description).toBe(`Join from your interview's page: ${url}`);
    expect(emails[0].calendar!.content).toContain('DTSTAMP:20260302T090000Z');
    expect(db.messages.state[0].calendar).toEqual(calendar);
  });

  it('sends a reminder once its time has come, and not before', async () => {
    await db.messages.insertMany([
      aNewMessage({
        channel: 'sms',
        kind: 'interview_reminder_sms',
        recipient: '+15550101',
        subject: null,
        html_body: null,
        text_body: 'Due tomorrow',
        send_after: new Date(T0.getTime() + 2 * DAY),
      }),
    ]);
    const dispatcher = sut();

    await dispatcher.pass();
    clock.advance(2 * DAY - SECOND);
    await dispatcher.pass();
    expect(texts).toEqual([]);

    clock.advance(SECOND);
    await dispatcher.pass();
    expect(texts).toEqual([{ to: '+15550101', body: 'Due tomorrow', idempotencyKey: db.messages.state[0].uuid }]);
  });

  it('retries a failed send on its schedule (±20%), then gives up', async () => {
    mailFails = true;
    await db.messages.insertMany([aNewMessage()]);
    const dispatcher = sut();

    await dispatcher.pass();
    const first = db.messages.state[0];
    expect(first).toMatchObject({ status: 'pending', attempts: 1, last_error: 'SMTP 451 try later' });
    expect(first.send_after.getTime() - T0.getTime()).toBeGreaterThanOrEqual(24 * SECOND);
    expect(first.send_after.getTime() - T0.getTime()).toBeLessThanOrEqual(36 * SECOND);

    clock.set(first.send_after);
    await dispatcher.pass();
    expect(db.messages.state[0]).toMatchObject({ status: 'pending', attempts: 2 });

    clock.set(db.messages.state[0].send_after);
    await dispatcher.pass();
    expect(db.messages.state[0]).toMatchObject({ status: 'failed', attempts: 3, sent_at: null });
    expect(emails).toEqual([]);
  });

  it('cancels a message whose link its owner no longer issues (the user or interview is gone)', async () => {
    issued = null;
    await db.messages.insertMany([aNewMessage({ link_kind: 'candidate', link_subject: randomUUID() })]);

    await sut().pass();

    expect(emails).toEqual([]);
    expect(db.messages.state[0]).toMatchObject({ status: 'canceled', last_error: 'link no longer issued' });
  });

  it('records an SMS as skipped when no SMS provider is configured', async () => {
    smsConfigured = false;
    await db.messages.insertMany([aNewMessage({ channel: 'sms', kind: 'interview_invitation_sms', subject: null, html_body: null })]);

    await sut().pass();

    expect(texts).toEqual([]);
    expect(db.messages.state[0]).toMatchObject({ status: 'skipped', last_error: 'no SMS provider configured' });
  });

  it("asks for the candidate links of a pass's invitations in one call, and records the pass's outcomes in one statement (decision 051)", async () => {
    issued = 'https://app.example/candidate/interviews/i?token=t0k3n';
    const interviews = Array.from({ length: 5 }, () => randomUUID());
    const gone = interviews[3];
    await db.messages.insertMany(interviews.map((uuid) => aNewMessage({ kind: 'interview_invitation', link_kind: 'candidate', link_subject: uuid })));
    await db.messages.insertMany([aNewMessage({ channel: 'sms', kind: 'interview_invitation_sms', subject: null, html_body: null })]);
    const issuing = links.candidateUrls;
    links.candidateUrls = async (uuids) => {
      const found = await issuing(uuids);
      found.delete(gone);
      return found;
    };

    try {
      await sut().pass();
    } finally {
      links.candidateUrls = issuing;
    }

    expect(candidateCalls).toHaveLength(1);
    expect([...candidateCalls[0]].sort()).toEqual([...interviews].sort());
    expect(finishStatements).toBe(1);
    // Each email has its own interview's link; the interview that no longer issues one is canceled.
    expect(emails.map((e) => e.text.match(/&for=([\w-]+)/)?.[1]).sort()).toEqual(interviews.filter((i) => i !== gone).sort());
    const statusOf = (uuid: string) => db.messages.state.find((m) => m.link_subject === uuid)?.status;
    expect(interviews.map(statusOf)).toEqual(['sent', 'sent', 'sent', 'canceled', 'sent']);
    expect(db.messages.state.find((m) => m.channel === 'sms')).toMatchObject({ status: 'sent', attempts: 1, locked_until: null });
  });

  it('does not keep a sent message leased behind a slow one of its pass: its outcome is written within the wait', async () => {
    await db.messages.insertMany([aNewMessage({ recipient: 'fast@acme.example' }), aNewMessage({ recipient: 'slow@acme.example' })]);
    mailDelayMs = (email) => (email.to === 'slow@acme.example' ? 300 : 0);
    const statusOf = (to: string) => db.messages.state.find((m) => m.recipient === to)?.status;

    const pass = sut().pass();
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect([statusOf('fast@acme.example'), statusOf('slow@acme.example')]).toEqual(['sent', 'pending']);
    await pass;

    expect([statusOf('fast@acme.example'), statusOf('slow@acme.example')]).toEqual(['sent', 'sent']);
    expect(finishStatements).toBe(2);
  });

  it('says when a pass claimed a full batch, so that the worker runs the next one at once', async () => {
    await db.messages.insertMany(Array.from({ length: 21 }, () => aNewMessage()));
    const dispatcher = sut();

    expect(await dispatcher.pass()).toBe(true);
    expect(await dispatcher.pass()).toBe(false);
    expect(emails).toHaveLength(21);
  });
});
