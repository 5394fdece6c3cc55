import type { RetentionTask, StoreOf } from '@vi/platform-bus';
import type { InterviewsStore } from '../../infrastructure/interviews.store';
import type { MediaStorage } from '../media-storage';

/**
 * A deleted interview's take videos leave media storage once `graceMs` has passed since the deletion (decision
 * 019): the grace lets an operator undo a mistaken deletion from a backup before the videos are gone. Each video
 * is deleted before its row, so a crash in between only repeats a deletion (deleting a missing file succeeds).
 */
export function purgeDeletedInterviewMedia(deps: {
  store: StoreOf<InterviewsStore, 'takes'>;
  media: MediaStorage;
  graceMs: number;
  batchSize?: number;
}): RetentionTask {
  const batchSize = deps.batchSize ?? 100;
  return {
    name: 'deleted interviews’ take videos',
    run: async (now) => {
      const cutoff = new Date(now.getTime() - deps.graceMs);
      let total = 0;
      for (;;) {
        const takes = await deps.store.read.takes.ofInterviewsDeletedBefore(cutoff, batchSize);
        await Promise.all(takes.map((take) => deps.media.delete(take.storageKey)));
        await deps.store.read.takes.deleteMany(takes.map((take) => take.uuid));
        total += takes.length;
        if (takes.length < batchSize) return total;
      }
    },
  };
}
