import { de } from './de';
import { en, type CandidateText } from './en';
import { es } from './es';
import { fr } from './fr';

export type { CandidateText } from './en';

/** The languages the job seeker's emails, SMS and calendar text are written in (decision 047). */
export const CANDIDATE_TEXTS = { en, es, fr, de } as const satisfies Record<string, CandidateText>;

/** The written language of an interview's `language` tag ("fr-CA" → "fr"); English for one we do not write. */
export function writtenLanguageOf(tag: string | undefined): keyof typeof CANDIDATE_TEXTS {
  const base = (tag ?? '').toLowerCase().split('-')[0];
  return base in CANDIDATE_TEXTS ? (base as keyof typeof CANDIDATE_TEXTS) : 'en';
}

export function candidateText(tag: string | undefined): CandidateText {
  return CANDIDATE_TEXTS[writtenLanguageOf(tag)];
}

// Building a DateTimeFormat loads the zone's rules and the locale's patterns, far dearer than formatting with one
// (decision 023): one per language and zone, kept, bounded against a flood of odd spellings.
const formats = new Map<string, Intl.DateTimeFormat>();
const MAX_FORMATS = 1_000;

/**
 * A time written out for the job seeker, in the interview's zone: in the interview's language tag where we write
 * that language (so "fr-CA" gets Canadian dates), else as English writes it.
 */
export function candidateTime(at: string | Date, timeZone: string, tag: string | undefined): string {
  const written = tag !== undefined && tag.toLowerCase().split('-')[0] === writtenLanguageOf(tag);
  const locale = written ? tag : 'en-US';
  const key = `${locale}|${timeZone}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { timeZone, dateStyle: 'full', timeStyle: 'long' });
    if (formats.size >= MAX_FORMATS) formats.clear();
    formats.set(key, format);
  }
  return format.format(typeof at === 'string' ? new Date(at) : at);
}
