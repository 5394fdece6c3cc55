import { COMMON_PASSWORDS } from './common-passwords';

export const MIN_PASSWORD_LENGTH = 12;
/** scrypt reads the whole password; a bound keeps a megabyte "password" from costing real CPU. */
export const MAX_PASSWORD_LENGTH = 256;

export type PasswordProblem = 'too_short' | 'too_long' | 'too_common';

const COMMON = new Set(COMMON_PASSWORDS);

/**
 * What is wrong with a new password, or null. Length is counted in characters (code points), so a passphrase in
 * any script counts as typed. "Common" is the bundled list, compared case-insensitively, plus one character
 * repeated and runs like "123456789012" or "abcdefghijkl", which no list enumerates in every length.
 */
export function passwordProblem(password: string): PasswordProblem | null {
  const length = [...password].length;
  if (length < MIN_PASSWORD_LENGTH) return 'too_short';
  if (length > MAX_PASSWORD_LENGTH) return 'too_long';
  const lower = password.toLowerCase();
  if (COMMON.has(lower) || new Set(lower).size <= 2 || isRun(lower)) return 'too_common';
  return null;
}

/** Every character one code point after (or before) the previous one. */
function isRun(value: string): boolean {
  const points = [...value].map((c) => c.codePointAt(0)!);
  const step = points[1] - points[0];
  return Math.abs(step) === 1 && points.every((p, i) => i === 0 || p - points[i - 1] === step);
}
