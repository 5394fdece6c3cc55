import { SharedErrorCode, type interviews } from '@vi/contracts';
import type { StoreOf } from '@vi/platform-bus';
import type { Clock } from '@vi/platform-time';
import type { InterviewsStore } from '../store';
import { sharedError, type Caller } from '@vi/platform-grpc';
import { renderRecording } from '../recording-rendering';
import { findInterview } from '../shared/find-interview';
import { finishRecording, type FinishRecordingDeps } from '../shared/finish-recording';

/**
 * The interviewer's browser ends its recording (the call ended, the interviewer stopped it or left): it is
 * claimed under its row lock, then its parts are joined and measured. Ending an ended recording answers it as
 * it is; so does ending one another request or the idle finisher is finishing (its duration comes once done).
 */
export async function endRecording(
  deps: { store: StoreOf<InterviewsStore, 'interviews' | 'recordings'>; clock: Clock } & FinishRecordingDeps,
  caller: Caller,
  ref: interviews.RecordingRef,
): Promise<interviews.Recording> {
  const claim = await deps.store.transaction(async (tx) => {
    const interview = await findInterview(tx, caller, ref.interview_uuid);
    const recording = await tx.recordings.find(interview.uuid, ref.recording_uuid, { lock: true });
    if (!recording) throw sharedError(SharedErrorCode.RecordingNotFound);
    if (recording.state !== 'recording') return { recording, claimed: false };
    const now = deps.clock.now();
    const claimed = { ...recording, state: 'finishing' as const, endedAt: now, lastActivityAt: now };
    await tx.recordings.update(claimed);
    return { recording: claimed, claimed: true };
  });
  if (!claim.claimed) return renderRecording(claim.recording);
  const ended = await finishRecording(deps, claim.recording);
  // No part ever came: nothing is kept, and the recording is answered as it was when it ended.
  return renderRecording(ended ?? { ...claim.recording, state: 'ended' });
}
