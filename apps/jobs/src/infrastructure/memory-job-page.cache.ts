import type { jobs } from '@vi/contracts';
import { VersionedPageCache } from '@vi/platform-grpc';
import type { Clock } from '@vi/platform-time';
import type { JobPageCache } from '../application/ports';

/**
 * Rendered pages in this process's memory (decision 023). The database's list version makes a page exact for the
 * jobs in it; `namesGeneration` (the identity directory's, bumped by every user or company event) drops every page
 * when a name may have changed; the time to live bounds what a missed identity event leaves behind, as the
 * directory's own does. At most `maxBytes` of JSON.
 */
export class MemoryJobPageCache extends VersionedPageCache<jobs.JobPage> implements JobPageCache {
  constructor(namesGeneration: () => number, clock: Clock, ttlMs = 10_000, maxBytes = 16 * 1024 * 1024) {
    super({ clock, generation: namesGeneration, sizeOf: (page) => page.items_json.length, ttlMs, maxBytes });
  }
}
