import type { FieldError } from '@vi/platform-errors';

/** Field errors as the gateway's validation names them (docs/errors.md), for the rules the service checks itself. */
export const fieldError = (field: string, reason: string, code = 'invalid_value'): FieldError => ({ field, reason, code });

export const tooLong = (field: string, max: number): FieldError => fieldError(field, `must be at most ${max} characters`, 'too_big');
