import type { interviews } from '@vi/contracts';
import type { StoreOf } from '@vi/platform-bus';
import type { InterviewsStore } from '../store';
import type { Caller } from '@vi/platform-grpc';
import { renderRecording } from '../recording-rendering';
import { findInterview } from '../shared/find-interview';

/** An interview's recordings, oldest first: those still going on too (no `ended_at` yet). */
export async function listRecordings(
  deps: { store: StoreOf<InterviewsStore, 'interviews' | 'recordings'> },
  caller: Caller,
  interviewUuid: string,
): Promise<interviews.RecordingList> {
  const interview = await findInterview(deps.store.read, caller, interviewUuid);
  return { recordings: (await deps.store.read.recordings.listFor([interview.uuid])).map(renderRecording) };
}
