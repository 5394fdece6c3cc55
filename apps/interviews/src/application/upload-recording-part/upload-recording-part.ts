import { randomUUID } from 'node:crypto';
import { SharedErrorCode, type interviews } from '@vi/contracts';
import type { ReposOf, StoreOf } from '@vi/platform-bus';
import { validationFailed } from '@vi/platform-errors';
import type { Clock } from '@vi/platform-time';
import { InterviewsError, InterviewsErrorCode } from '../../domain/interviews.errors';
import { MAX_RECORDING_PART_BYTES, RECORDING_BITRATE_SLACK_SECONDS } from '../../domain/recording';
import { takeBytesAllowed } from '../../domain/take';
import type { InterviewsStore } from '../store';
import { sharedError, type Caller } from '@vi/platform-grpc';
import { streamedBody, containerNamed } from '@vi/platform-media';
import type { MediaStorage } from '../ports';
import { findInterview } from '../shared/find-interview';
import { mediaBytesLeft, mediaQuotaExceeded, requireMediaQuota, type MediaQuota } from '../shared/media-quota';
import type { VideoProbe } from '../ports';

export interface RecordingPartDeps extends MediaQuota {
  store: StoreOf<InterviewsStore, 'interviews' | 'takes' | 'recordings'>;
  clock: Clock;
  media: MediaStorage;
  video: VideoProbe;
  /** MAX_TAKE_BITRATE: a recording holds at most this many bits per second since it started (decision 037). */
  maxTakeBitrate: number;
}

/**
 * One part of a recording, streamed to media storage as it arrives (decision 040). Parts come in order: part n
 * is stored only once parts 0 … n-1 are; a part already stored is accepted again and ignored, so a browser
 * retrying a part whose answer it lost changes nothing. The first part must start the container announced.
 * The order and the interview's storage quota (MAX_INTERVIEW_MEDIA_BYTES, which recordings share with takes) are
 * checked again under the interview's and the recording's row locks before the part counts; a part refused or
 * beaten by a concurrent copy of itself is deleted. A recording grows with the call: it may hold at most
 * MAX_TAKE_BITRATE for the time since it started (and a little more), so storage follows what was recorded.
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
    const interview = await findInterview(repos, caller, header.interview_uuid, { lock });
    const recording = await repos.recordings.find(interview.uuid, header.recording_uuid, { lock });
    if (!recording) throw sharedError(SharedErrorCode.RecordingNotFound);
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
  if (header.number === 0 && deps.video.containerOf(body.head) !== containerNamed(before.recording.contentType)) {
    const { contentType } = before.recording;
    throw new InterviewsError(
      InterviewsErrorCode.TakeNotVideo,
      body.head.length < deps.video.headBytes
        ? `The recording's first part must hold at least the first ${deps.video.headBytes} bytes of its ${contentType} video, to show it starts one`
        : `The recording's first part must start a ${contentType} video`,
    );
  }

  const quotaLeft = await mediaBytesLeft(deps.store.read, deps, before.recording.interviewUuid);
  const seconds = (deps.clock.now().getTime() - before.recording.startedAt.getTime()) / 1000 + RECORDING_BITRATE_SLACK_SECONDS;
  const bitrateLeft = takeBytesAllowed(seconds, deps.maxTakeBitrate) - before.recording.size;
  const requireBounded = (size: number) => {
    if (size > MAX_RECORDING_PART_BYTES) {
      throw new InterviewsError(InterviewsErrorCode.RecordingTooLarge, `A part of a recording holds at most ${MAX_RECORDING_PART_BYTES} bytes`);
    }
    if (size > quotaLeft) throw mediaQuotaExceeded(deps);
    if (size > bitrateLeft) {
      throw new InterviewsError(
        InterviewsErrorCode.RecordingTooLarge,
        `A recording holds at most ${deps.maxTakeBitrate} bits per second since it started: this part would take it past that`,
      );
    }
  };
  const key = `${header.interview_uuid}/recordings/${header.recording_uuid}/${header.number}-${randomUUID()}.part`;
  const stored = await deps.media.write(key, body.bytes(requireBounded));
  let kept = false;
  try {
    await deps.store.transaction(async (tx) => {
      const { recording, duplicate } = await check(tx, true);
      // A copy of this part sent concurrently got here first: it is the one kept.
      if (duplicate) return;
      await requireMediaQuota(tx, deps, recording.interviewUuid, stored);
      await tx.recordings.insertPart({ recordingUuid: recording.uuid, number: header.number, size: stored, storageKey: key });
      await tx.recordings.update({ ...recording, parts: recording.parts + 1, size: recording.size + stored, lastActivityAt: deps.clock.now() });
      kept = true;
    });
  } finally {
    if (!kept) await deps.media.delete(key);
  }
}
