import { z } from 'zod';
import { THINK_TIMES, TIME_LIMITS } from '@vi/contracts';

/**
 * Field schemas more than one request body uses, so a field is checked, and its errors worded, the same wherever it
 * is sent. The services check their rules again; these bound what is sent on.
 */

/** A name or title: 1 to 200 characters once trimmed. */
export const nameField = z.string().trim().min(1, 'must not be empty').max(200, 'at most 200 characters');

export const emailField = z.email('must be an email address').max(254, 'at most 254 characters');

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
