import { text } from '../i18n/texts';
import { ApiError } from '../shared/api';

/** A refusal as one sentence: by the API's `code` (docs/errors.md) when the page knows it, else by HTTP status. */
export function refusalSentence(error: unknown): string {
  if (!(error instanceof ApiError)) return text().workspace.refusals.unexpected;
  if (error.status === 429 && error.retryAfter !== undefined) {
    return text().workspace.refusals.tooManyRequests(text().common.duration(Math.max(1, error.retryAfter)));
  }
  return text().workspace.refusals.byCode[error.code] ?? text().workspace.refusals.byStatus[error.status] ?? text().workspace.refusals.unexpected;
}

/** A refused field's sentence: by its path when the page says that field better, else by the field error's `code`. */
export function fieldSentence(code: string, field = ''): string {
  return text().workspace.refusals.byField[field] ?? text().workspace.refusals.field[code] ?? text().workspace.refusals.field.custom;
}
