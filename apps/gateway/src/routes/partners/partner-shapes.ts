import type { RequestHandler } from 'express';
import { z } from 'zod';
import { AppError, VALIDATION_FAILED, validationFailed } from '@vi/platform-errors';
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

/**
 * The service names the fields of `SendTestRequest` (`callback_url`, `test_id`, `candidate.phone` …); the ATS sent
 * its own (`url`, `partner_test_id`, `candidate.phone_number` …). A 400 of the service is answered in the ATS's names,
 * so the field it names is one the ATS sent.
 */
export function inAtsFieldNames(names: Record<string, string>, handler: RequestHandler): RequestHandler {
  return async (req, res, next) => {
    try {
      await handler(req, res, next);
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== VALIDATION_FAILED || !error.fieldErrors) throw error;
      throw validationFailed(error.fieldErrors.map((e) => ({ ...e, field: names[e.field] ?? e.field })));
    }
  };
}
