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

/** One content line of an iCalendar object, unfolded, its parameter values unquoted and RFC 6868-decoded. */
export interface ICalendarContentLine {
  name: string;
  parameters: Array<{ name: string; values: string[] }>;
  value: string;
}

// RFC 5545 §3.1 and §3.2, as its ABNF says: CONTROL = %x00-08 / %x0A-1F / %x7F (a tab is white space).
const CONTROL = '\\x00-\\x08\\x0A-\\x1F\\x7F';
const NAME = '[A-Za-z0-9-]+';
/** paramtext = *SAFE-CHAR (anything but CONTROL, DQUOTE, ";", ":", ","); quoted-string = DQUOTE *QSAFE-CHAR DQUOTE (no DQUOTE inside, and no escape). */
const PARAM_VALUE = `(?:"[^${CONTROL}"]*"|[^${CONTROL}";:,]*)`;
const PARAM = `;${NAME}=${PARAM_VALUE}(?:,${PARAM_VALUE})*`;
const CONTENT_LINE = new RegExp(`^(${NAME})((?:${PARAM})*):([^${CONTROL}]*)$`);
const ONE_PARAM = new RegExp(`;(${NAME})=(${PARAM_VALUE}(?:,${PARAM_VALUE})*)`, 'y');

/** RFC 6868: `^n` a line break, `^'` a double quote, `^^` a caret; a caret before anything else stays as it is. */
const decodeParameter = (value: string) => value.replace(/\^([n^'])/g, (_m, c: string) => (c === 'n' ? '\n' : c === "'" ? '"' : '^'));

/**
 * Reads an `.ics` strictly, as RFC 5545 §3.1 and §3.2 write it, and throws naming the first line that is not: lines
 * end with CRLF (the last too), a physical line holds at most 75 octets, a folded line goes on after CRLF and one
 * space or tab, and every unfolded line is `name *(";" param) ":" value`, where a quoted parameter value holds no
 * DQUOTE (RFC 5545 has no escape there; RFC 6868 writes one as `^'`) and nothing holds a control character.
 * Lenient readers accept more; a test of what we write reads it this way.
 */
export function icalendarContentLines(ics: string): ICalendarContentLine[] {
  if (!ics.endsWith('\r\n')) throw new Error('iCalendar: the last line does not end with CRLF');
  const physical = ics.slice(0, -2).split('\r\n');
  const unfolded: string[] = [];
  physical.forEach((line, index) => {
    if (/[\r\n]/.test(line)) throw new Error(`iCalendar line ${index + 1}: a CR or LF that is not a CRLF line end`);
    if (Buffer.byteLength(line, 'utf8') > 75) throw new Error(`iCalendar line ${index + 1}: longer than 75 octets`);
    if (/^[ \t]/.test(line)) {
      if (unfolded.length === 0) throw new Error('iCalendar line 1: a continuation with no line before it');
      unfolded[unfolded.length - 1] += line.slice(1);
    } else {
      unfolded.push(line);
    }
  });
  return unfolded.map((line) => {
    const match = CONTENT_LINE.exec(line);
    if (!match) throw new Error(`iCalendar: not a content line of RFC 5545 §3.1: ${JSON.stringify(line)}`);
    const parameters: ICalendarContentLine['parameters'] = [];
    ONE_PARAM.lastIndex = 0;
    for (let param = ONE_PARAM.exec(match[2]); param; param = ONE_PARAM.exec(match[2])) {
      const values: string[] = [];
      // Values are separated by commas outside quotes (the line's grammar is already checked).
      for (let rest = param[2]; ; rest = rest.slice(1)) {
        const quoted = /^"([^"]*)"/.exec(rest);
        const raw = quoted ? quoted[0] : /^[^,]*/.exec(rest)![0];
        values.push(decodeParameter(quoted ? quoted[1] : raw));
        rest = rest.slice(raw.length);
        if (!rest.startsWith(',')) break;
      }
      parameters.push({ name: param[1].toUpperCase(), values });
    }
    return { name: match[1].toUpperCase(), parameters, value: match[3] };
  });
}

/**
 * Reads an `.ics` with ical.js (a parser made for RFC 5545, so a test does not trust the code it checks to read it
 * back), after `icalendarContentLines` has found every line as the RFC writes it (ical.js alone reads more).
 */
export async function parseICalendar(ics: string): Promise<ParsedCalendar> {
  icalendarContentLines(ics);
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
