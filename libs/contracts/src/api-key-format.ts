import { randomBytes } from 'node:crypto';

/**
 * The wire format of the product's API keys, shared by identity (which mints
 * them) and the gateway (which refuses a mistyped key without a lookup):
 * `vik_` + 32 random base62 characters + a 6-character base62 CRC-32 of them.
 * The prefix lets secret scanners spot leaked keys. Keys an operator configures
 * (bootstrap) may have any other shape; the checksum applies only to this prefix.
 */
export const API_KEY_PREFIX = 'vik_';
const BODY_LENGTH = 32;
const CHECKSUM_LENGTH = 6;
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(text: string): number {
  let crc = 0xffffffff;
  for (const byte of Buffer.from(text, 'utf8')) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function base62(value: number, width: number): string {
  let out = '';
  let rest = value;
  while (rest > 0) {
    out = ALPHABET[rest % 62] + out;
    rest = Math.floor(rest / 62);
  }
  return out.padStart(width, '0');
}

export function generateApiKey(): string {
  // Rejection sampling keeps every character uniform (256 is not a multiple of 62).
  let body = '';
  while (body.length < BODY_LENGTH) {
    for (const byte of randomBytes(BODY_LENGTH)) {
      if (byte < 248 && body.length < BODY_LENGTH) body += ALPHABET[byte % 62];
    }
  }
  return `${API_KEY_PREFIX}${body}${base62(crc32(body), CHECKSUM_LENGTH)}`;
}

export function hasProductPrefix(key: string): boolean {
  return key.startsWith(API_KEY_PREFIX);
}

/** For a key with the product prefix: whether its length and checksum are right. */
export function hasValidChecksum(key: string): boolean {
  const rest = key.slice(API_KEY_PREFIX.length);
  if (rest.length !== BODY_LENGTH + CHECKSUM_LENGTH || ![...rest].every((ch) => ALPHABET.includes(ch))) return false;
  const body = rest.slice(0, BODY_LENGTH);
  return rest.slice(BODY_LENGTH) === base62(crc32(body), CHECKSUM_LENGTH);
}

/** False only for keys that carry our prefix but cannot be ours. */
export function isPlausibleApiKey(key: string): boolean {
  return key.length > 0 && key.length <= 256 && (!hasProductPrefix(key) || hasValidChecksum(key));
}
