import type { RetentionTask, StoreOf } from '@vi/platform-bus';
import type { InterviewsStore } from '../../infrastructure/interviews.store';
import type { MediaStorage } from '../media-storage';

/**
 * A deleted interview's take videos and call recordings (joined videos and parts not yet joined) leave media storage once `graceMs` has passed since the deletion (decision
 * 019): the grace lets an operator undo a mistaken deletion from a backup before the videos are gone. Each video
 * is deleted before its row, so a crash in between only repeats a deletion (deleting a missing file succeeds).
 */
export function purgeDeletedInterviewMedia(deps: {
  store: StoreOf<InterviewsStore, 'takes' | 'recordings'>;
  media: MediaStorage;
  graceMs: number;
  batchSize?: number;
}): RetentionTask {
  const batchSize = deps.batchSize ?? 100;
  return {
    name: 'deleted interviews’ take videos and recordings',
    run: async (now) => {
      const cutoff = new Date(now.getTime() - deps.graceMs);
      let total = 0;
      for (;;) {
        const takes = await deps.store.read.takes.ofInterviewsDeletedBefore(cutoff, batchSize);
        await Promise.all(takes.map((take) => deps.media.delete(take.storageKey)));
        await deps.store.read.takes.deleteMany(takes.map((take) => take.uuid));
        const recordings = await deps.store.read.recordings.ofInterviewsDeletedBefore(cutoff, batchSize);
        await Promise.all(recordings.flatMap((recording) => recording.keys.map((key) => deps.media.delete(key))));
        await deps.store.read.recordings.deleteMany(recordings.map((recording) => recording.uuid));
        total += takes.length + recordings.length;
        if (takes.length < batchSize && recordings.length < batchSize) return total;
      }
    },
  };
}
