import { randomUUID } from 'node:crypto';
import type { interviews } from '@vi/contracts';
import type { StoreOf } from '@vi/platform-bus';
import { validationFailed } from '@vi/platform-errors';
import type { Clock } from '@vi/platform-time';
import type { Recording } from '../../domain/recording';
import { requireRecordable } from '../../domain/interview-status';
import { requireJoinable } from '../../domain/live-call';
import type { InterviewsStore } from '../store';
import type { Caller } from '@vi/platform-grpc';
import { containerNamed } from '@vi/platform-media';
import { renderRecording } from '../recording-rendering';
import { findInterview } from '../shared/find-interview';

/** A recording of a live interview's call begins: its parts follow (decision 040). A call left and rejoined may start several. */
export async function startRecording(
  deps: { store: StoreOf<InterviewsStore, 'interviews' | 'recordings'>; clock: Clock },
  caller: Caller,
  request: interviews.StartRecordingRequest,
): Promise<interviews.Recording> {
  if (!containerNamed(request.content_type)) {
    throw validationFailed([{ field: 'content_type', reason: 'must be video/webm or video/mp4', code: 'invalid_value' }]);
  }
  return deps.store.transaction(async (tx) => {
    const interview = await findInterview(tx, caller, request.interview_uuid, { lock: true });
    requireRecordable(interview.type, interview.status);
    const now = deps.clock.now();
    // Only while its call can be held: not for an interview 30 days ahead, nor after its window closed (decision 040).
    requireJoinable(interview, now);
    const recording: Recording = {
      uuid: randomUUID(),
      interviewUuid: interview.uuid,
      contentType: request.content_type,
      state: 'recording',
      startedAt: now,
      lastActivityAt: now,
      endedAt: null,
      durationSeconds: null,
      parts: 0,
      size: 0,
      storageKey: null,
    };
    await tx.recordings.insert(recording);
    return renderRecording(recording);
  });
}
