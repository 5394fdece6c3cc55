import { InterviewsSubjects, type TakesPurgedPayload } from '@vi/contracts';
import type { RetentionTask, StoreOf } from '@vi/platform-bus';
import { toRfc3339 } from '@vi/platform-time';
import type { InterviewsStore } from '../store';
import { takeVideoPurge, type TakeVideoPurgeDeps } from '../shared/take-video-purge';

/**
 * Each question keeps its latest take: an earlier one leaves media storage once its successor is `graceMs` old
 * (SUPERSEDED_TAKE_GRACE, decision 037), so unlimited retakes cannot pile up videos. The grace lets a player already
 * fetching the earlier video finish. Its transcript goes with it (decision 073): the rows, the search vectors (the
 * list's `?q=` no longer finds words said only in a discarded take) and `interviews.takes.purged`, for the
 * transcription service to forget the text, in one transaction.
 */
export function purgeSupersededTakes(
  deps: Omit<TakeVideoPurgeDeps, 'store'> & { store: StoreOf<InterviewsStore, 'takes' | 'transcriptSearch'> },
): RetentionTask {
  return takeVideoPurge(
    deps,
    'superseded takes’ videos',
    (takes, cutoff, limit) => takes.supersededBefore(cutoff, limit),
    (takes, now) =>
      deps.store.transaction(async (tx) => {
        const uuids = takes.map((take) => take.uuid);
        await tx.takes.deleteMany(uuids);
        await tx.transcriptSearch.deleteOfSources(uuids);
        const payload: TakesPurgedPayload = {
          takes: takes.map((take) => ({ interview_uuid: take.interviewUuid, take_uuid: take.uuid })),
          occurred_at: toRfc3339(now),
        };
        await tx.publish([{ subject: InterviewsSubjects.TakesPurged, payload }]);
      }),
  );
}
