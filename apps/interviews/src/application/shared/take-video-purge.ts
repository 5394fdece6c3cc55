import type { RetentionTask, StoreOf } from '@vi/platform-bus';
import type { Take } from '../../domain/take';
import type { InterviewsStore } from '../store';
import type { MediaStorage } from '../ports';

export interface TakeVideoPurgeDeps {
  store: StoreOf<InterviewsStore, 'takes'>;
  media: MediaStorage;
  graceMs: number;
  batchSize?: number;
}

/**
 * A retention task removing the takes `due` names (those whose grace ended before the cutoff), in batches. Each
 * video is deleted before its row, so a crash in between only repeats a deletion (deleting a missing file
 * succeeds), and a take listed is a take whose video is kept. `removeRows` deletes the batch's rows (by default
 * alone; a caller may do more in the same transaction).
 */
export function takeVideoPurge(
  deps: TakeVideoPurgeDeps,
  name: string,
  due: (takes: StoreOf<InterviewsStore, 'takes'>['read']['takes'], cutoff: Date, limit: number) => Promise<Take[]>,
  removeRows: (takes: Take[], now: Date) => Promise<void> = (takes) => deps.store.read.takes.deleteMany(takes.map((take) => take.uuid)),
): RetentionTask {
  const batchSize = deps.batchSize ?? 100;
  return {
    name,
    run: async (now) => {
      const cutoff = new Date(now.getTime() - deps.graceMs);
      let total = 0;
      for (;;) {
        const takes = await due(deps.store.read.takes, cutoff, batchSize);
        await Promise.all(takes.map((take) => deps.media.delete(take.storageKey)));
        if (takes.length > 0) await removeRows(takes, now);
        total += takes.length;
        if (takes.length < batchSize) return total;
      }
    },
  };
}
