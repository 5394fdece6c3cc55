import type { jobs } from '@vi/contracts';
import type { Clock } from '@vi/platform-time';
import type { JobPageCache } from '../application/ports';

interface Entry {
  version: number;
  namesGeneration: number;
  expiresAt: number;
  bytes: number;
  page: jobs.JobPage;
}

/**
 * Rendered pages in this process's memory (decision 023). The database's list version makes a page exact for the
 * jobs in it; `namesGeneration` (the identity directory's, bumped by every user or company event) drops every page
 * when a name may have changed; the time to live bounds what a missed identity event leaves behind, as the
 * directory's own does. One entry per key (a newer version replaces the older); at most `maxBytes` of JSON, the
 * oldest entries going first.
 */
export class MemoryJobPageCache implements JobPageCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;

  constructor(
    private readonly namesGeneration: () => number,
    private readonly clock: Clock,
    private readonly ttlMs = 10_000,
    private readonly maxBytes = 16 * 1024 * 1024,
  ) {}

  find(key: string, version: number): jobs.JobPage | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.version === version && entry.namesGeneration === this.namesGeneration() && entry.expiresAt > this.clock.now().getTime()) return entry.page;
    this.remove(key, entry);
    return undefined;
  }

  mark(): number {
    return this.namesGeneration();
  }

  store(key: string, version: number, mark: number, page: jobs.JobPage): void {
    if (mark !== this.namesGeneration()) return;
    const bytes = page.items_json.length + key.length;
    if (bytes > this.maxBytes) return;
    const previous = this.entries.get(key);
    if (previous) this.remove(key, previous);
    for (const [oldest, entry] of this.entries) {
      if (this.bytes + bytes <= this.maxBytes) break;
      this.remove(oldest, entry);
    }
    this.entries.set(key, { version, namesGeneration: mark, expiresAt: this.clock.now().getTime() + this.ttlMs, bytes, page });
    this.bytes += bytes;
  }

  private remove(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }
}
