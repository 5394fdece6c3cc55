import type { interviews } from '@vi/contracts';
import { VersionedPageCache } from '@vi/platform-grpc';
import type { Clock } from '@vi/platform-time';

/**
 * Pages of the list kept in this process's memory, each at the company's list version it was read at (decision 050):
 * exact at any age, since every request reads the version from the database; the time and the bytes bound the
 * memory only.
 */
export function interviewPageCache(clock: Clock, ttlMs = 60_000, maxBytes = 16 * 1024 * 1024): VersionedPageCache<interviews.InterviewPage> {
  return new VersionedPageCache({ clock, sizeOf: (page) => page.items_json.length, ttlMs, maxBytes });
}
