import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import pLimit from 'p-limit';
import { HashingBusy, type PasswordHash, type ScryptParams } from '../application/ports';

/**
 * N = 2^15, r = 8, p = 1: 32 MiB per hash, the strength OWASP lists for scrypt (2^17 would be 128 MiB per
 * concurrent sign-in on a small identity pod); measured 140 ms per hash on this 2-core machine at load average 10–13.
 */
export const CURRENT_SCRYPT_PARAMS: ScryptParams = { N: 2 ** 15, r: 8, p: 1, keylen: 32 };

function derive(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  // maxmem must exceed 128 * N * r, or Node refuses the parameters.
  const options: ScryptOptions = { N: params.N, r: params.r, p: params.p, maxmem: 256 * params.N * params.r };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFC'), salt, params.keylen, options, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

/** How many hashes run at once (each one 32 MiB and a libuv thread), and how many more may wait for a turn. */
export interface HashingCapacity {
  concurrency: number;
  queue: number;
}

export const DEFAULT_HASHING_CAPACITY: HashingCapacity = { concurrency: 2, queue: 16 };

/**
 * Passwords in, memory-hard hashes out; verification compares in constant time. Passwords are NFC-normalized.
 * Hashing is bounded (decision 035): at most `concurrency` derivations run and `queue` wait, so a flood of
 * sign-ins cannot queue thousands of 32 MiB hashes whose callers have long given up. Verifications (sign-in, which
 * anyone may send) are refused when the queue is full; hashing a new password (behind a set-password link) waits.
 */
export class PasswordHasher {
  private dummy?: Promise<PasswordHash>;
  private readonly slots: pLimit.Limit;

  constructor(
    private readonly params: ScryptParams = CURRENT_SCRYPT_PARAMS,
    private readonly capacity: HashingCapacity = DEFAULT_HASHING_CAPACITY,
  ) {
    this.slots = pLimit(capacity.concurrency);
  }

  /** A derivation in its turn; when `refuseWhenFull` and nothing is free to take it, HashingBusy before any work. */
  private derive(password: string, salt: Buffer, params: ScryptParams, refuseWhenFull: boolean): Promise<Buffer> {
    // Running plus waiting (p-limit starts a queued one a microtask later, so the sum is what counts).
    if (refuseWhenFull && this.slots.activeCount + this.slots.pendingCount >= this.capacity.concurrency + this.capacity.queue) {
      return Promise.reject(new HashingBusy());
    }
    return this.slots(() => derive(password, salt, params));
  }

  async hash(password: string): Promise<PasswordHash> {
    const salt = randomBytes(16);
    const key = await this.derive(password, salt, this.params, false);
    return { algorithm: 'scrypt', params: { ...this.params }, salt: salt.toString('base64'), hash: key.toString('base64') };
  }

  async verify(password: string, stored: PasswordHash): Promise<boolean> {
    const expected = Buffer.from(stored.hash, 'base64');
    const actual = await this.derive(password, Buffer.from(stored.salt, 'base64'), stored.params, true);
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  }

  /** Whether a stored hash was made with weaker parameters than today's: it is redone at the next sign-in. */
  isOutdated(stored: PasswordHash): boolean {
    const p = stored.params;
    return stored.algorithm !== 'scrypt' || p.N < this.params.N || p.r < this.params.r || p.p < this.params.p || p.keylen < this.params.keylen;
  }

  /** Spends the time of one verification when there is no hash to verify, so that an unknown email answers as slowly as a wrong password. */
  async verifyNothing(password: string): Promise<false> {
    this.dummy ??= this.hash('no user has this password');
    await this.verify(password, await this.dummy);
    return false;
  }
}
