import { randomUUID } from 'node:crypto';
import { memoryStore, parseICalendar } from '@vi/platform-testing';
import { FakeClock } from '@vi/platform-time';
import { aCompanyUser, anInterviewEvent, T0 } from '../../../test/factories';
import { notificationsFakes, type NotificationsRepositoryFakes } from '../../../test/fakes';
import type { UserPrincipal } from '@vi/platform-grpc';
import { NotificationsErrorCode } from '../../domain/notifications.errors';
import { getInterviewCalendar } from './get-interview-calendar';

describe('getInterviewCalendar', () => {
  let db: NotificationsRepositoryFakes;
  let issued: string | null;
  const sut = (caller: UserPrincipal, interview: object) =>
    getInterviewCalendar(
      {
        store: memoryStore({ calendars: db.calendars }),
        links: { candidateUrls: async (uuids) => new Map(issued === null ? [] : uuids.map((u) => [u, issued!])) },
        clock: new FakeClock(T0),
        calendar: { organizerEmail: 'no-reply@vi.example' },
      },
      caller,
      JSON.stringify(interview),
    );
  const interviewOf = (options: Parameters<typeof anInterviewEvent>[1] = {}) =>
    (anInterviewEvent('interviews.interview.created', { type: 'live', ...options }).payload as { interview: Record<string, unknown> }).interview;
  const candidateOf = (interviewUuid: string): UserPrincipal => ({ ...aCompanyUser(), companyUuid: null, role: null, userType: 'job_seeker', interviewUuid });

  beforeEach(() => {
    db = notificationsFakes();
    issued = 'https://app.example/candidate/interviews/i?token=fresh';
  });

  it('gives the job seeker the event of their emails: its UID, the latest SEQUENCE, DTSTART = scheduled_at, a fresh link, and no company user', async () => {
    const interviewUuid = randomUUID();
    const scheduledAt = new Date('2026-03-09T09:30:00Z');
    await db.calendars.record({ interviewUuid, changedAt: T0, kind: 'moved' });

    const { ics } = await sut(candidateOf(interviewUuid), interviewOf({ interviewUuid, scheduledAt }));

    expect(await parseICalendar(ics)).toEqual({
      method: 'REQUEST',
      events: [
        expect.objectContaining({
          uid: `${interviewUuid}@video-interviewing`,
          sequence: 1,
          start: '2026-03-09T09:30:00.000Z',
          url: issued,
          attendees: [{ name: 'Sam', email: 'sam@seeker.example', rsvp: 'FALSE' }],
        }),
      ],
    });
    expect(ics).not.toContain('cory@acme.example');
  });

  it('gives a canceled interview as METHOD:CANCEL without a link', async () => {
    const interviewUuid = randomUUID();
    const { ics } = await sut(candidateOf(interviewUuid), { ...interviewOf({ interviewUuid }), status: 'canceled' });
    expect(await parseICalendar(ics)).toMatchObject({ method: 'CANCEL', events: [{ status: 'CANCELLED', url: null }] });
  });

  it("refuses a one-way interview, another interview's job seeker, and an interview whose link is no longer issued", async () => {
    const interviewUuid = randomUUID();
    const notFound = { code: NotificationsErrorCode.InterviewCalendarNotFound };
    await expect(sut(candidateOf(interviewUuid), interviewOf({ interviewUuid, type: 'one_way' }))).rejects.toMatchObject(notFound);
    await expect(sut(candidateOf(randomUUID()), interviewOf({ interviewUuid }))).rejects.toMatchObject(notFound);
    issued = null;
    await expect(sut(candidateOf(interviewUuid), interviewOf({ interviewUuid }))).rejects.toMatchObject(notFound);
  });
});
