import { randomUUID } from 'node:crypto';
import type { interviews } from '@vi/contracts';
import type { ReposOf, StoreOf } from '@vi/platform-bus';
import { validationFailed } from '@vi/platform-errors';
import type { Clock } from '@vi/platform-time';
import { InterviewsError, InterviewsErrorCode } from '../../domain/interviews.errors';
import { MAX_RECORDING_PART_BYTES } from '../../domain/recording';
import type { InterviewsStore } from '../../infrastructure/interviews.store';
import type { Caller } from '../directories';
import type { MediaStorage } from '../media-storage';
import { findInterview } from '../shared/find-interview';
import { streamedBody } from '../shared/streamed-body';
import { TAKE_CONTENT_TYPES } from '../upload-take/upload-take';
import type { VideoProbe } from '../video-probe';

export interface RecordingPartDeps {
  store: StoreOf<InterviewsStore, 'interviews' | 'recordings'>;
  clock: Clock;
  media: MediaStorage;
  video: VideoProbe;
  maxRecordingBytes: number;
}

/**
 * One part of a recording, streamed to media storage as it arrives (decision 040). Parts come in order: part n
 * is stored only once parts 0 … n-1 are; a part already stored is accepted again and ignored, so a browser
 * retrying a part whose answer it lost changes nothing. The first part must start the container announced.
 * The order is checked again under the recording's row lock before the part counts; a part refused or beaten
 * by a concurrent copy of itself is deleted.
 */
export async function uploadRecordingPart(deps: RecordingPartDeps, caller: Caller, chunks: AsyncIterable<interviews.RecordingPartChunk>): Promise<void> {
  const iterator = chunks[Symbol.asyncIterator]();
  const first = await iterator.next();
  const header = first.done ? undefined : first.value.header;
  if (!header) throw validationFailed([{ field: 'body', reason: 'the upload starts with its header', code: 'invalid_format' }]);
  if (!Number.isInteger(header.number) || header.number < 0) {
    throw validationFailed([{ field: 'n', reason: 'must be the part number: 0, 1, 2 …', code: 'invalid_value' }]);
  }

  const check = async (repos: ReposOf<InterviewsStore, 'interviews' | 'recordings'>, lock: boolean) => {
    const interview = await findInterview(repos, caller, header.interview_uuid);
    const recording = await repos.recordings.find(interview.uuid, header.recording_uuid, { lock });
    if (!recording) throw new InterviewsError(InterviewsErrorCode.RecordingNotFound);
    if (header.number < recording.parts) return { recording, duplicate: true };
    if (recording.state !== 'recording') throw new InterviewsError(InterviewsErrorCode.RecordingEnded);
    if (header.number > recording.parts) {
      throw new InterviewsError(InterviewsErrorCode.RecordingPartOutOfOrder, `Part ${recording.parts} comes next; part ${header.number} cannot yet`);
    }
    return { recording, duplicate: false };
  };
  const drain = async () => {
    for (let chunk = await iterator.next(); !chunk.done; chunk = await iterator.next());
  };
  const before = await check(deps.store.read, false);
  if (before.duplicate) return drain();

  const body = await streamedBody(iterator, first.done ? undefined : first.value.data, deps.video.headBytes);
  if (body.head.length === 0) throw validationFailed([{ field: 'body', reason: 'a part carries some bytes of the video', code: 'required' }]);
  if (header.number === 0 && deps.video.containerOf(body.head) !== TAKE_CONTENT_TYPES[before.recording.contentType]) {
    throw new InterviewsError(InterviewsErrorCode.TakeNotVideo, `The recording's first part must start a ${before.recording.contentType} video`);
  }

  const room = Math.min(MAX_RECORDING_PART_BYTES, deps.maxRecordingBytes - before.recording.size);
  const tooLarge = () =>
    new InterviewsError(
      InterviewsErrorCode.RecordingTooLarge,
      `A recording holds at most ${deps.maxRecordingBytes} bytes, a part at most ${MAX_RECORDING_PART_BYTES}: end this one and start another`,
    );
  const key = `${header.interview_uuid}/recordings/${header.recording_uuid}/${header.number}-${randomUUID()}.part`;
  const stored = await deps.media.write(key, body.bytes(room, tooLarge));
  let kept = false;
  try {
    await deps.store.transaction(async (tx) => {
      const { recording, duplicate } = await check(tx, true);
      // A copy of this part sent concurrently got here first: it is the one kept.
      if (duplicate) return;
      if (recording.size + stored > deps.maxRecordingBytes) throw tooLarge();
      await tx.recordings.insertPart({ recordingUuid: recording.uuid, number: header.number, size: stored, storageKey: key });
      await tx.recordings.update({ ...recording, parts: recording.parts + 1, size: recording.size + stored, lastActivityAt: deps.clock.now() });
      kept = true;
    });
  } finally {
    if (!kept) await deps.media.delete(key);
  }
}
