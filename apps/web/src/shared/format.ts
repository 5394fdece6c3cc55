import { text } from '../i18n/texts';

/**
 * Dates for people: in the viewer's own time zone, with the offset, or in a named zone, written in the page's
 * language (`<html lang>`), never the browser's: a French browser on an English page reads an English date.
 */

function pageLanguage(): string {
  return document.documentElement.lang || 'en';
}

function offsetOf(at: Date, timeZone?: string): string {
  const part = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' }).formatToParts(at).find((p) => p.type === 'timeZoneName');
  // "GMT+02:00" → "UTC+02:00"; plain "GMT" is UTC itself.
  return part ? part.value.replace(/^GMT$/, 'UTC').replace(/^GMT/, 'UTC') : '';
}

/** "Tuesday, 24 November 2026 at 10:00 (UTC+01:00)" in the browser's time zone. */
export function localTime(iso: string): string {
  const at = new Date(iso);
  return `${new Intl.DateTimeFormat(pageLanguage(), { dateStyle: 'full', timeStyle: 'short' }).format(at)} (${offsetOf(at)})`;
}

/** The same instant in the interview's time zone; undefined when the zone is unknown to this browser. */
export function zonedTime(iso: string, timeZone: string): string | undefined {
  try {
    const at = new Date(iso);
    return `${new Intl.DateTimeFormat(pageLanguage(), { timeZone, dateStyle: 'full', timeStyle: 'short' }).format(at)} (${offsetOf(at, timeZone)})`;
  } catch {
    return undefined;
  }
}

/** The browser's time zone name, to say whether the interview's differs. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** "Dec 7, 1:02 PM" (with the year when it is not this year's) in the browser's time zone: for lists of many times. */
export function shortTime(iso: string): string {
  const at = new Date(iso);
  const year = at.getFullYear() === new Date().getFullYear() ? undefined : 'numeric';
  return new Intl.DateTimeFormat(pageLanguage(), { year, month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }).format(at);
}

/** 3.2 → "0:03", 62.4 → "1:02", 3723 → "1:02:03": a position as a player shows it. */
export function clock(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const [h, m, s] = [Math.floor(whole / 3600), Math.floor((whole % 3600) / 60), whole % 60];
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
}

/**
 * A 429's wait for people, from its Retry-After (seconds; `fallbackSeconds` when it has none): how long ("7 hours 5
 * minutes") and until when in the browser's time ("01:00").
 */
export function waitOf(retryAfter: number | undefined, fallbackSeconds: number): [wait: string, at: string] {
  const seconds = Math.max(1, retryAfter ?? fallbackSeconds);
  const at = new Intl.DateTimeFormat(pageLanguage(), { timeStyle: 'short' }).format(new Date(Date.now() + seconds * 1000));
  return [text().common.duration(seconds), at];
}
