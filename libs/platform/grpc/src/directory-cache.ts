import type { Clock } from '@vi/platform-time';

export interface DirectoryCacheOptions {
  clock: Clock;
  /** How long an entry serves: what bounds a change whose event this process missed. */
  ttlMs: number;
  /** At most this many entries: when full, all are dropped (rare, and cheaper than tracking use). */
  maxEntries: number;
}

/**
 * Another service's answers kept in this process (decisions 023 and 057): each entry serves for `ttlMs`, and that
 * service's events drop it on every replica as soon as they arrive (`forget`). A fetch that was under way when an
 * entry was dropped does not store what it read, which may predate the change: take `mark()` before the fetch and
 * give it to `store`.
 */
export class DirectoryCache<V> {
  private readonly entries = new Map<string, { value: V; expiresAt: number }>();
  private drops = 0;

  constructor(private readonly options: DirectoryCacheOptions) {}

  /** Moves with every drop: what was read under an older mark may be stale. */
  mark(): number {
    return this.drops;
  }

  /** The value kept under `key`, while its time to live lasts. */
  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    return entry && entry.expiresAt > this.options.clock.now().getTime() ? entry.value : undefined;
  }

  /** Keeps a value fetched after `mark`, unless an entry was dropped since. */
  store(key: string, value: V, mark: number): void {
    if (mark !== this.drops) return;
    if (this.entries.size >= this.options.maxEntries) this.entries.clear();
    this.entries.set(key, { value, expiresAt: this.options.clock.now().getTime() + this.options.ttlMs });
  }

  /** What `key` names changed or is gone. */
  forget(key: string): void {
    this.drops++;
    this.entries.delete(key);
  }
}
