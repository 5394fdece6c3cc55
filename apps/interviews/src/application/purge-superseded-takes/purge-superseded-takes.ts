import type { RetentionTask } from '@vi/platform-bus';
import { takeVideoPurge, type TakeVideoPurgeDeps } from '../shared/take-video-purge';

/**
 * Each question keeps its latest take: an earlier one leaves media storage once its successor is `graceMs` old
 * (SUPERSEDED_TAKE_GRACE, decision 037), so unlimited retakes cannot pile up videos. The grace lets a player already
 * fetching the earlier video finish.
 */
export function purgeSupersededTakes(deps: TakeVideoPurgeDeps): RetentionTask {
  return takeVideoPurge(deps, 'superseded takes’ videos', (takes, cutoff, limit) => takes.supersededBefore(cutoff, limit));
}
