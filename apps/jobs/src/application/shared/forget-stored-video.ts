import type { JobVideo } from '../../domain/job-video';
import type { MediaStorage } from '../ports';

/** What deleting a job video's object needs: the storage, and who is told of one that could not be deleted. */
export interface StoredVideoDeletion {
  media: MediaStorage;
  onOrphan: (storageKey: string, error: unknown) => void;
}

/**
 * Deletes a video the job no longer shows (replaced, removed, or its job deleted), after the change committed: the
 * change stands whatever happens here, so a failed delete is handed to `onOrphan` (the service logs the key) rather
 * than failing a request whose change was made (decision 046).
 */
export async function forgetStoredVideo(deps: StoredVideoDeletion, video: JobVideo): Promise<void> {
  try {
    await deps.media.delete(video.storageKey);
  } catch (error) {
    deps.onOrphan(video.storageKey, error);
  }
}
