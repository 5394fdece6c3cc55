import type { RetentionTask } from '@vi/platform-bus';
import { takeVideoPurge, type TakeVideoPurgeDeps } from '../shared/take-video-purge';

/**
 * A deleted interview's take videos leave media storage once `graceMs` has passed since the deletion (decision
 * 019): the grace lets an operator undo a mistaken deletion from a backup before the videos are gone.
 */
export function purgeDeletedInterviewMedia(deps: TakeVideoPurgeDeps): RetentionTask {
  return takeVideoPurge(deps, 'deleted interviews’ take videos', (takes, cutoff, limit) => takes.ofInterviewsDeletedBefore(cutoff, limit));
}
