import { ws } from '../i18n/workspace';
import { ApiError } from '../shared/api';

/** A refusal as one sentence: by the API's `code` (docs/errors.md) when the page knows it, else by HTTP status. */
export function refusalSentence(error: unknown): string {
  if (!(error instanceof ApiError)) return ws.refusals.unexpected;
  if (error.status === 429 && error.retryAfter !== undefined) return ws.refusals.tooManyRequests(error.retryAfter);
  return ws.refusals.byCode[error.code] ?? ws.refusals.byStatus[error.status] ?? ws.refusals.unexpected;
}

/** A refused field's sentence: by its path when the page says that field better, else by the field error's `code`. */
export function fieldSentence(code: string, field = ''): string {
  return ws.refusals.byField[field] ?? ws.refusals.field[code] ?? ws.refusals.field.custom;
}
