import type { StoreOf } from '@vi/platform-bus';
import type { MediaStorage } from '../ports';
import type { JobsStore } from '../store';

/**
 * How long an upload's object (a video, or its captions) is kept before the sweep may take it when no job came to
 * show it (its request failed or its process stopped before the commit): far longer than any upload's request may
 * last (decision 061).
 */
export const UNCOMMITTED_VIDEO_KEPT_MS = 24 * 60 * 60 * 1000;

/** Who reads a job video or its captions by the video's uuid: the gateway alone (the uuid is the public URL's credential). */
export const JOB_VIDEO_CALLER = 'gateway';

/** What deleting a job video's object needs: the storage, its deletion rows, and who is told of one left for the sweep. */
export interface StoredVideoDeletion {
  store: StoreOf<JobsStore, 'videoDeletions'>;
  media: MediaStorage;
  onOrphan: (storageKey: string, error: unknown) => void;
}

/**
 * An object no job shows (its video replaced, removed or its job deleted, after that change committed; or an upload
 * that was refused), whose deletion row is already recorded (decision 061): deleted now, then its row. A failure
 * changes nothing for the request (the change stands): the row stays for the retention sweep, and `onOrphan` is told.
 */
export async function forgetStoredVideo(deps: StoredVideoDeletion, storageKey: string): Promise<void> {
  try {
    await deps.media.delete(storageKey);
    await deps.store.read.videoDeletions.forget([storageKey]);
  } catch (error) {
    deps.onOrphan(storageKey, error);
  }
}
