import { z } from 'zod';
import { THINK_TIMES, TIME_LIMITS } from '@vi/contracts';
import { parseRfc3339 } from '@vi/platform-time';

/**
 * Field schemas more than one request body uses, so a field is checked, and its errors worded, the same wherever it
 * is sent. The services check their rules again; these bound what is sent on.
 */

/** A name or title: 1 to 200 characters once trimmed. */
export const nameField = z.string().trim().min(1, 'must not be empty').max(200, 'at most 200 characters');

/**
 * A person's name as anyone may send it and an email will greet (an open interview's applicant, issue 38): a plain
 * name, so that "Hello <name>" carries no link and no markup to any address. Letters of any script with their marks,
 * spaces, apostrophes, hyphens, commas and periods; no digits, no other sign (`<`, `/`, `:`, `@`…), and no period
 * followed by two letters, as a domain name has (`J. R. R. Tolkien` and `J.R.R.` pass, `evil.example` does not).
 */
export const plainNameField = nameField
  .refine((name) => /^[\p{L}\p{M}\p{Zs}'’\-.,]*$/u.test(name), 'must be a plain name: letters, spaces, apostrophes, hyphens, commas and periods')
  .refine((name) => !/\.\p{M}*\p{L}\p{M}*\p{L}/u.test(name), 'must be a plain name, not a web address (a period is followed by a space or one letter)');

export const emailField = z.email('must be an email address').max(254, 'at most 254 characters');

/** An absolute http or https URL (a webhook's target, an ATS's callback or profile page). */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** A free-text description of a key or a webhook. */
export const descriptionField = z.string().max(500, 'at most 500 characters');

/** A question's fields, as interviews and question sets take them (decision 013). */
export const questionFields = {
  text: z.string().trim().min(1, 'must not be empty').max(2_000, 'at most 2000 characters'),
  time_limit: z.literal(TIME_LIMITS, { message: `must be one of ${TIME_LIMITS.join(', ')}` }),
  takes: z.number().int('must be a whole number').min(-1, 'must be -1 (unlimited) or 0 to 5').max(5, 'must be -1 (unlimited) or 0 to 5'),
  /** A string of whole seconds, as the API shows it; a JSON number with the same value is accepted too. */
  think_time: z.preprocess(
    (value) => (typeof value === 'number' ? String(value) : value),
    z.enum(THINK_TIMES, { message: `must be one of "${THINK_TIMES.join('", "')}" (seconds)` }),
  ),
};

const { text, time_limit, takes, think_time } = questionFields;
/** A question as an interview (and an open interview) takes it; think_time is ours, not the reference's (decision 013): absent, the service's default ("30"). */
export const questionInput = z.object({ text, time_limit, takes: takes.default(-1), think_time: think_time.optional() });

export const timestampField = z.string().refine((v) => parseRfc3339(v) !== null, 'must be an RFC 3339 timestamp, for example 2026-12-01T10:00:00+00:00');

const E164 = /^\+[1-9]\d{1,14}$/;

/** Who an interview is for: an assignee of POST /interviews, an open interview's applicant. */
export const assigneeFields = {
  name: nameField,
  email: emailField,
  phone: z.string().trim().min(1).max(50).optional(),
  phone_parsed: z.string().regex(E164, 'must be an E.164 number, for example +14155550123').optional(),
};

export function phonesTogether(a: { phone?: string; phone_parsed?: string }, ctx: z.RefinementCtx): void {
  if ((a.phone === undefined) !== (a.phone_parsed === undefined)) {
    ctx.addIssue({ code: 'custom', path: [a.phone === undefined ? 'phone' : 'phone_parsed'], message: 'phone and phone_parsed go together' });
  }
}

// Asking ICU for a tag's canonical form costs more than the rest of a creation's checks together (a profile of the
// gateway, decision 056): answers are remembered, invalid tags included (`null`), with a bound against a flood.
const canonicalTags = new Map<string, string | null>();
const MAX_CANONICAL_TAGS = 1_000;

/** An IETF language tag (BCP 47) as `Intl` reads it, kept in its canonical form ("fr-fr" becomes "fr-FR"). */
export function canonicalLanguage(tag: string): string | undefined {
  let canonical = canonicalTags.get(tag);
  if (canonical === undefined) {
    try {
      canonical = Intl.getCanonicalLocales(tag)[0] ?? null;
    } catch {
      canonical = null;
    }
    if (canonicalTags.size >= MAX_CANONICAL_TAGS) canonicalTags.clear();
    canonicalTags.set(tag, canonical);
  }
  return canonical ?? undefined;
}
/** The candidate's language (decision 047): what they are written to in. */
export const languageField = z
  .string()
  .max(35, 'at most 35 characters')
  .refine((tag) => canonicalLanguage(tag) !== undefined, 'must be an IETF language tag, for example es or fr-FR')
  .meta({
    description:
      "The language the candidate is written to in: the invitation email and SMS, reminders, a live interview's emails and calendar text. " +
      'Emails and SMS are written in English, Spanish, French or German (another language gets English); dates follow the whole tag. ' +
      'Default "en"; the company pages send the user\'s browser language (decision 047).',
  });

/**
 * An interview's accommodations as a request sends them (issue 42, docs/accommodations.md): each field optional (a
 * creation's absent ones are the defaults, an update's stay as they are); the service checks the ranges again.
 */
export const accommodationsField = z
  .object({
    time_multiplier: z
      .number()
      .min(1, 'must be a number from 1 to 10')
      .max(10, 'must be a number from 1 to 10')
      .optional()
      .meta({ description: 'Think time and time limits × this, rounded up to whole seconds (1–10, default 1)' }),
    unlimited_time: z.boolean().optional().meta({ description: 'No think time and no time limit (default false)' }),
    extra_takes: z
      .number()
      .int('must be a whole number from 0 to 10')
      .min(0, 'must be a whole number from 0 to 10')
      .max(10, 'must be a whole number from 0 to 10')
      .optional()
      .meta({ description: "Added to each question's takes (0–10, default 0); an unlimited question stays unlimited" }),
    audio_only: z.boolean().optional().meta({ description: 'Answers by microphone only are accepted (default false)' }),
  })
  .strict();
