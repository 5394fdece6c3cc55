import type { Clock } from '@vi/platform-time';

interface Entry<T> {
  version: number;
  generation: number;
  expiresAt: number;
  bytes: number;
  value: T;
}

export interface VersionedPageCacheOptions<T> {
  clock: Clock;
  /** The bytes an entry holds (its rendered JSON): what `maxBytes` bounds. */
  sizeOf: (value: T) => number;
  ttlMs: number;
  maxBytes: number;
  /**
   * What the page also shows from this process's memory (the jobs service's identity directory): a page is served
   * only while the generation is the one it was rendered under. None when everything a page shows is versioned.
   */
  generation?: () => number;
}

/**
 * Pages rendered once and served again while the version of the data they show has not moved (decisions 023 and
 * 050). The version is read from the database by the caller, so every replica's copy is exact without a message;
 * the time to live and the bytes bound the memory (and, with `generation`, what a missed event can leave behind).
 * One entry per key: a newer version replaces the older, never the reverse; the oldest entries go first.
 */
export class VersionedPageCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private bytes = 0;

  constructor(private readonly options: VersionedPageCacheOptions<T>) {}

  /** Whether a page is kept under `key`, whatever its version (a caller may skip reading the version without one). */
  has(key: string): boolean {
    return this.entries.has(key);
  }

  /** The page stored under `key` at `version`, while its generation is current and its time to live not over. */
  find(key: string, version: number): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.version === version && entry.generation === this.mark() && entry.expiresAt > this.options.clock.now().getTime()) return entry.value;
    if (entry.version <= version) this.remove(key, entry);
    return undefined;
  }

  /** Taken before a page's other data is read: `store` refuses a page whose generation moved since. */
  mark(): number {
    return this.options.generation?.() ?? 0;
  }

  /** Keeps a page rendered from data read at `version` (and `mark`), unless a newer one is kept already. */
  store(key: string, version: number, mark: number, value: T): void {
    if (mark !== this.mark()) return;
    const bytes = this.options.sizeOf(value) + key.length;
    if (bytes > this.options.maxBytes) return;
    const previous = this.entries.get(key);
    if (previous && previous.version > version) return;
    if (previous) this.remove(key, previous);
    for (const [oldest, entry] of this.entries) {
      if (this.bytes + bytes <= this.options.maxBytes) break;
      this.remove(oldest, entry);
    }
    this.entries.set(key, { version, generation: mark, expiresAt: this.options.clock.now().getTime() + this.options.ttlMs, bytes, value });
    this.bytes += bytes;
  }

  private remove(key: string, entry: Entry<T>): void {
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }
}
