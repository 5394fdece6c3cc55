import { icalendarContentLines, parseICalendar } from '@vi/platform-testing';
import { calendarEnd, calendarParameterText, calendarUid, toICalendar, type CalendarInvitation } from './calendar';

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

  describe('names that try to leave their parameter (issue 38)', () => {
    const hostile = {
      seeker: 'Jane":mailto:attacker@evil.example',
      company: 'Acme"; SENT-BY="mailto:x@evil.example',
      creator: 'Cory ^\'Creator\' "Boss"\r\nROLE=CHAIR;\\x',
    };
    const ics = () =>
      toICalendar(
        {
          ...invitation,
          organizer: { name: hostile.company, email: 'no-reply@vi.example' },
          attendees: [
            { name: hostile.seeker, email: 'jane@seeker.example' },
            { name: hostile.creator, email: 'cory@acme.example' },
          ],
        },
        stampedAt,
      );

    it('keeps each name inside its CN: every line as RFC 5545 writes it, the addresses and parameters ours alone', () => {
      const lines = icalendarContentLines(ics());
      const people = lines.filter((line) => line.name === 'ORGANIZER' || line.name === 'ATTENDEE');
      expect(people.map((line) => [line.name, line.value.toLowerCase(), line.parameters.map((p) => p.name)])).toEqual([
        ['ORGANIZER', 'mailto:no-reply@vi.example', ['CN']],
        ['ATTENDEE', 'mailto:jane@seeker.example', ['ROLE', 'PARTSTAT', 'RSVP', 'CN']],
        ['ATTENDEE', 'mailto:cory@acme.example', ['ROLE', 'PARTSTAT', 'RSVP', 'CN']],
      ]);
      // RFC 6868 read back: the names as given, but for what cannot be in a name (a backslash, a control character).
      expect(people.map((line) => line.parameters.find((p) => p.name === 'CN')!.values)).toEqual([
        [hostile.company],
        [hostile.seeker],
        ['Cory ^\'Creator\' "Boss"\nROLE=CHAIR;x'],
      ]);
    });

    it('reads back with ical.js: the same names and addresses, nothing added', async () => {
      const [event] = (await parseICalendar(ics())).events;
      expect([event.organizer, event.attendees]).toEqual([
        { name: hostile.company, email: 'no-reply@vi.example' },
        [
          { name: hostile.seeker, email: 'jane@seeker.example', rsvp: 'FALSE' },
          { name: 'Cory ^\'Creator\' "Boss"\nROLE=CHAIR;x', email: 'cory@acme.example', rsvp: 'FALSE' },
        ],
      ]);
    });

    it("writes a double quote as ^', a line break as ^n and a caret as ^^ (RFC 6868)", () => {
      expect(calendarParameterText('a"b\nc^d\r\ne\rf')).toBe("a^'b^nc^^d^ne^nf");
      expect(calendarParameterText('Zoë & Co, Inc.; "Best": yes')).toBe("Zoë & Co, Inc.; ^'Best^': yes");
      expect(calendarParameterText('tab\there\u0000\u001b\\')).toBe('tab\there');
    });
  });

  it('cancels: METHOD:CANCEL, STATUS:CANCELLED, the same UID, and no link', async () => {
    const parsed = await parseICalendar(toICalendar({ ...invitation, method: 'CANCEL', sequence: 3, url: null }, stampedAt));
    expect(parsed).toMatchObject({ method: 'CANCEL', events: [{ uid: invitation.uid, sequence: 3, status: 'CANCELLED', url: null }] });
  });
});
