/** The identity service's outbound ports besides its store (decision 033); adapters in `infrastructure/`. */

/**
 * How API keys are kept: a keyed hash (HMAC-SHA256) to look a key up, and
 * AES-256-GCM ciphertext so an administrator can read the value back. Neither
 * is useful without the two secrets from config; the plain key is never stored.
 */
export interface ApiKeyVault {
  hash(apiKey: string): string;
  encrypt(apiKey: string): string;
  decrypt(stored: string): string;
}

/** scrypt's cost parameters, stored beside each hash so that raising them later leaves old hashes verifiable. */
export interface ScryptParams {
  N: number;
  r: number;
  p: number;
  keylen: number;
}

export interface PasswordHash {
  algorithm: 'scrypt';
  params: ScryptParams;
  /** base64 */
  salt: string;
  /** base64 */
  hash: string;
}

/** Thrown by a verification that finds every slot and the queue taken: the caller refuses with 503 (decision 035). */
export class HashingBusy extends Error {
  constructor() {
    super('password hashing is at capacity');
    this.name = 'HashingBusy';
  }
}

/**
 * Passwords in, memory-hard hashes out; verification compares in constant time. Passwords are NFC-normalized.
 * `verify` and `verifyNothing` throw HashingBusy, before any work, when hashing is at capacity (decision 035).
 */
export interface PasswordHasher {
  hash(password: string): Promise<PasswordHash>;
  verify(password: string, stored: PasswordHash): Promise<boolean>;
  /** Whether a stored hash was made with weaker parameters than today's: it is redone at the next sign-in. */
  isOutdated(stored: PasswordHash): boolean;
  /** Spends the time of one verification when there is no hash to verify, so that an unknown email answers as slowly as a wrong password. */
  verifyNothing(password: string): Promise<false>;
}
