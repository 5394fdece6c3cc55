import type ICAL from 'ical.js' with { 'resolution-mode': 'import' };

/** One VEVENT of an iCalendar object, as a test compares it. */
export interface ParsedCalendarEvent {
  uid: string;
  sequence: number;
  /** DTSTART and DTEND as ISO instants (`…Z`). */
  start: string;
  end: string;
  summary: string;
  description: string;
  url: string | null;
  status: string | null;
  organizer: { name: string | null; email: string };
  attendees: Array<{ name: string | null; email: string; rsvp: string | null }>;
}

export interface ParsedCalendar {
  method: string | null;
  events: ParsedCalendarEvent[];
}

const mailbox = (value: unknown) => String(value).replace(/^mailto:/i, '');
const cn = (property: ICAL.Property) => (property.getParameter('cn') as string | undefined) ?? null;

/** Reads an `.ics` with ical.js (a parser made for RFC 5545, so a test does not trust the code it checks to read it back). */
export async function parseICalendar(ics: string): Promise<ParsedCalendar> {
  const { default: ical } = await import('ical.js');
  const calendar = ical.Component.fromString(ics);
  return {
    method: (calendar.getFirstPropertyValue('method') as string | null) ?? null,
    events: calendar.getAllSubcomponents('vevent').map((vevent) => {
      const event = new ical.Event(vevent);
      const organizer = vevent.getFirstProperty('organizer');
      return {
        uid: event.uid,
        sequence: event.sequence,
        start: event.startDate.toJSDate().toISOString(),
        end: event.endDate.toJSDate().toISOString(),
        summary: event.summary,
        description: event.description,
        url: (vevent.getFirstPropertyValue('url') as string | null) ?? null,
        status: (vevent.getFirstPropertyValue('status') as string | null) ?? null,
        organizer: { name: organizer ? cn(organizer) : null, email: organizer ? mailbox(organizer.getFirstValue()) : '' },
        attendees: event.attendees.map((a) => ({
          name: cn(a),
          email: mailbox(a.getFirstValue()),
          rsvp: (a.getParameter('rsvp') as string | undefined) ?? null,
        })),
      };
    }),
  };
}
