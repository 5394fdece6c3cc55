import { parseICalendar } from '@vi/platform-testing';
import { calendarEnd, calendarUid, toICalendar, type CalendarInvitation } from './calendar';

/** The `.ics` as RFC 5545 wants it, read back with ical.js (a parser made for the job, not ours). */
describe('toICalendar', () => {
  const invitation: CalendarInvitation = {
    method: 'REQUEST',
    uid: calendarUid('7b8f0a6e-1234-4c56-9abc-def012345678'),
    sequence: 2,
    start: '2026-03-09T10:00:00+01:00',
    end: calendarEnd('2026-03-09T10:00:00+01:00'),
    summary: 'Live interview: Senior Engineer, Platform; Infra\\Ops at Zoë & Co — a title long enough to be folded twice over',
    description: 'Line one\nLine two; with, commas',
    url: 'https://app.example/candidate/interviews/7b8f0a6e-1234-4c56-9abc-def012345678?token=eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.abc',
    organizer: { name: 'Zoë & Co, Inc.', email: 'no-reply@vi.example' },
    attendees: [
      { name: 'Sam Seeker', email: 'sam@seeker.example' },
      { name: 'Cory Creator', email: 'cory@acme.example' },
    ],
  };
  const stampedAt = new Date('2026-03-02T09:00:00Z');
  it('ends every line with CRLF, folds lines at 75 octets, and writes times in UTC', () => {
    const ics = toICalendar(invitation, stampedAt);
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const lines = ics.split('\r\n').slice(0, -1);
    for (const line of lines) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    expect(lines.some((line) => line.startsWith(' '))).toBe(true);
    expect(lines).toEqual(expect.arrayContaining(['DTSTART:20260309T090000Z', 'DTEND:20260309T100000Z', 'DTSTAMP:20260302T090000Z']));
  });

  it('reads back as the invitation: METHOD, UID, SEQUENCE, times, escaped text, the link, organizer and attendees', async () => {
    expect(await parseICalendar(toICalendar(invitation, stampedAt))).toEqual({
      method: 'REQUEST',
      events: [
        {
          uid: '7b8f0a6e-1234-4c56-9abc-def012345678@video-interviewing',
          sequence: 2,
          start: '2026-03-09T09:00:00.000Z',
          end: '2026-03-09T10:00:00.000Z',
          summary: invitation.summary,
          description: invitation.description,
          url: invitation.url,
          status: 'CONFIRMED',
          organizer: { name: 'Zoë & Co, Inc.', email: 'no-reply@vi.example' },
          attendees: [
            { name: 'Sam Seeker', email: 'sam@seeker.example', rsvp: 'FALSE' },
            { name: 'Cory Creator', email: 'cory@acme.example', rsvp: 'FALSE' },
          ],
        },
      ],
    });
  });

  it('cancels: METHOD:CANCEL, STATUS:CANCELLED, the same UID, and no link', async () => {
    const parsed = await parseICalendar(toICalendar({ ...invitation, method: 'CANCEL', sequence: 3, url: null }, stampedAt));
    expect(parsed).toMatchObject({ method: 'CANCEL', events: [{ uid: invitation.uid, sequence: 3, status: 'CANCELLED', url: null }] });
  });
});
