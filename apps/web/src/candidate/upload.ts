import { ApiError, apiErrorOf, isTransient } from '../shared/api';
import type { Recording } from './recorder';

export interface UploadProgress {
  /** 0–100 of the current attempt. */
  onProgress(percent: number): void;
  /** A transient failure; the next attempt starts in `seconds`. */
  onRetry(seconds: number, attempt: number): void;
}

/** Waits before each retry: 1, 2, 4, 8, 16 s, then gives up (the Blob stays in the page for a manual retry). */
export const RETRY_DELAYS_S = [1, 2, 4, 8, 16];

/** One POST of the whole video with upload progress (fetch has none), resolving to the created take. */
function postOnce(url: string, authorization: string, recording: Recording, onProgress: (percent: number) => void): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('Authorization', authorization);
    xhr.setRequestHeader('Content-Type', recording.contentType);
    xhr.setRequestHeader('X-Take-Duration-Seconds', String(recording.durationSeconds));
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.floor((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      if (xhr.status === 201) resolve(JSON.parse(xhr.responseText) as unknown);
      else reject(apiErrorOf(xhr.status, xhr.responseText));
    };
    xhr.onerror = () => reject(new ApiError(0, 'network'));
    xhr.ontimeout = () => reject(new ApiError(0, 'network'));
    xhr.send(recording.blob);
  });
}

const wait = (seconds: number) => new Promise((resolve) => window.setTimeout(resolve, seconds * 1000));

/**
 * Uploads a take, retrying the whole Blob with backoff on network failures,
 * 429 and 5xx; a refusal (other 4xx) is thrown at once. Resumable uploads
 * (tus) are deferred: see docs/decisions/016-web-pages.md.
 */
export async function uploadTake(url: string, authorization: string, recording: Recording, progress: UploadProgress): Promise<unknown> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await postOnce(url, authorization, recording, progress.onProgress);
    } catch (error) {
      if (!isTransient(error) || attempt >= RETRY_DELAYS_S.length) throw error;
      progress.onRetry(RETRY_DELAYS_S[attempt], attempt + 1);
      await wait(RETRY_DELAYS_S[attempt]);
    }
  }
}
