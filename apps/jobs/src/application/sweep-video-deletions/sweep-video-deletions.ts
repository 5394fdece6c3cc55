import type { RetentionTask, StoreOf } from '@vi/platform-bus';
import type { MediaStorage } from '../ports';
import type { JobsStore } from '../store';

/**
 * The retention sweep's task for job videos no job shows (decision 061): each object whose deletion is due is deleted,
 * then its row, in batches. An object whose delete fails keeps its row for the next sweep, and does not hold up the
 * others; deleting an object already gone succeeds, so a crash between the two only repeats a deletion.
 */
export function sweepVideoDeletions(deps: { store: StoreOf<JobsStore, 'videoDeletions'>; media: MediaStorage; batchSize?: number }): RetentionTask {
  const batchSize = deps.batchSize ?? 100;
  return {
    name: 'job videos no job shows',
    run: async (now) => {
      let total = 0;
      for (;;) {
        const keys = await deps.store.read.videoDeletions.due(now, batchSize);
        const outcomes = await Promise.allSettled(keys.map((key) => deps.media.delete(key)));
        const deleted = keys.filter((_, i) => outcomes[i].status === 'fulfilled');
        await deps.store.read.videoDeletions.forget(deleted);
        total += deleted.length;
        const failed = outcomes.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
        if (failed)
          throw new Error(`${keys.length - deleted.length} of ${keys.length} job videos could not be deleted (${total} were)`, { cause: failed.reason });
        if (keys.length < batchSize) return total;
      }
    },
  };
}
