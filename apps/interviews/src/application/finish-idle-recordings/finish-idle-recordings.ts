import type { Clock } from '@vi/platform-time';
import { finishRecording, type FinishRecordingDeps } from '../shared/finish-recording';

/** A finishing not done after this long is taken over: the process doing it is presumed gone. */
export const STALE_FINISHING_MS = 15 * 60 * 1000;

/**
 * Finishes the recordings whose uploader vanished (a closed tab, a crashed browser, a lost network): once no part
 * has come for `idleMs`, what arrived is joined and kept, ended at its last part's arrival (decision 040). Also
 * takes over a finishing whose process died. Returns how many recordings it finished.
 */
export async function finishIdleRecordings(deps: FinishRecordingDeps & { clock: Clock; idleMs: number; batchSize?: number }): Promise<number> {
  const batchSize = deps.batchSize ?? 10;
  let finished = 0;
  for (;;) {
    const now = deps.clock.now();
    const claimed = await deps.store.read.recordings.claimUnfinished(
      now,
      new Date(now.getTime() - deps.idleMs),
      new Date(now.getTime() - STALE_FINISHING_MS),
      batchSize,
    );
    for (const recording of claimed) if (await finishRecording(deps, recording)) finished += 1;
    if (claimed.length < batchSize) return finished;
  }
}
