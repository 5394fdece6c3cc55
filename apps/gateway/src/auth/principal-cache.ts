import { createHash } from 'node:crypto';
import type { UserPrincipal } from '@vi/platform-grpc';

export interface CachedPrincipal {
  keyUuid: string;
  principal: UserPrincipal;
  /** Epoch ms after which the credential stops working anyway (a session's end): never cached past it. */
  notAfter?: number;
}

interface Entry extends CachedPrincipal {
  expiresAt: number;
}

/**
 * Resolved API keys, briefly. Entries are found by a SHA-256 of the key (the
 * raw key is never kept) and dropped by key, user or company when identity
 * announces a revocation, so a revoked key stops working on every replica at once.
 */
export class PrincipalCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 50_000,
  ) {}

  static fingerprint(apiKey: string): string {
    return createHash('sha256').update(apiKey).digest('base64url');
  }

  get(fingerprint: string, now = Date.now()): CachedPrincipal | undefined {
    const entry = this.entries.get(fingerprint);
    if (!entry) return undefined;
    if (entry.expiresAt <= now) {
      this.entries.delete(fingerprint);
      return undefined;
    }
    return entry;
  }

  set(fingerprint: string, value: CachedPrincipal, now = Date.now()): void {
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(fingerprint, { ...value, expiresAt: Math.min(now + this.ttlMs, value.notAfter ?? Infinity) });
  }

  /** Drops every entry matching the revoked key, user or company. */
  revoke(match: { keyUuid?: string; userUuid?: string; companyUuid?: string }): number {
    let dropped = 0;
    for (const [fingerprint, entry] of this.entries) {
      if (
        (match.keyUuid && entry.keyUuid === match.keyUuid) ||
        (match.userUuid && entry.principal.userUuid === match.userUuid) ||
        (match.companyUuid && entry.principal.companyUuid === match.companyUuid)
      ) {
        this.entries.delete(fingerprint);
        dropped++;
      }
    }
    return dropped;
  }
}
