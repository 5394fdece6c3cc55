import { z } from 'zod';
import { emailField, isHttpUrl } from '../request-fields';

/**
 * What both ATSs' requests have in common (decision 071): the shapes are theirs, checked here, and mapped to the one
 * `SendTestRequest` of the assessments service, which checks its rules (the test is the company's, an order open).
 */

/** A required string of the ATS's request: present and not blank. */
export const atsText = (max = 200) => z.string({ error: 'is required' }).trim().min(1, 'must not be empty').max(max, `at most ${max} characters`);

/** An optional string of the ATS's request; null reads as absent (ATSs send null for what they do not know). */
export const optionalAtsText = (max = 200) =>
  z
    .string()
    .trim()
    .max(max, `at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : undefined));

/** An absolute http(s) URL the ATS gives (a profile page, a callback); the service checks a callback's address again. */
export const atsUrl = z.string({ error: 'is required' }).max(2048, 'at most 2048 characters').refine(isHttpUrl, 'must be an absolute http or https URL');

export const optionalAtsUrl = atsUrl.nullish().transform((v) => v ?? undefined);

export const atsEmail = z.string({ error: 'is required' }).pipe(emailField);
