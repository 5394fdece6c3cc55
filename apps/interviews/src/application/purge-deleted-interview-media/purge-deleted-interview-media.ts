import type { RetentionTask, StoreOf } from '@vi/platform-bus';
import type { InterviewsStore } from '../store';
import { takeVideoPurge, type TakeVideoPurgeDeps } from '../shared/take-video-purge';

/**
 * A deleted interview's take videos and call recordings (joined videos and parts not yet joined) leave media
 * storage, and its call's chat and any transcript search vector left the database, once `graceMs` has passed since the deletion (decision 019): the grace lets an operator undo a mistaken
 * deletion from a backup before the videos are gone. Each video is deleted before its row, so a crash in between
 * only repeats a deletion.
 */
export function purgeDeletedInterviewMedia(
  deps: TakeVideoPurgeDeps & { store: StoreOf<InterviewsStore, 'takes' | 'recordings' | 'liveCalls' | 'transcriptSearch'> },
): RetentionTask {
  const takes = takeVideoPurge(deps, 'deleted interviews’ take videos', (repo, cutoff, limit) => repo.ofInterviewsDeletedBefore(cutoff, limit));
  const batchSize = deps.batchSize ?? 100;
  return {
    name: 'deleted interviews’ take videos, call recordings and chats',
    run: async (now) => {
      let total = await takes.run(now);
      const cutoff = new Date(now.getTime() - deps.graceMs);
      for (;;) {
        const recordings = await deps.store.read.recordings.ofInterviewsDeletedBefore(cutoff, batchSize);
        await Promise.all(recordings.flatMap((recording) => recording.keys.map((key) => deps.media.delete(key))));
        await deps.store.read.recordings.deleteMany(recordings.map((recording) => recording.uuid));
        total += recordings.length;
        if (recordings.length < batchSize) break;
      }
      for (;;) {
        const calls = await deps.store.read.liveCalls.deleteOfInterviewsDeletedBefore(cutoff, batchSize);
        total += calls;
        if (calls < batchSize) break;
      }
      // Deleting an interview removes its search vectors; any a crash or a race left behind go here (decision 073).
      for (;;) {
        const vectors = await deps.store.read.transcriptSearch.deleteOfInterviewsDeletedBefore(cutoff, batchSize);
        total += vectors;
        if (vectors < batchSize) return total;
      }
    },
  };
}
