import { randomUUID } from 'node:crypto';
import { InterviewsSubjects, type interviews, type TakeUploadedPayload } from '@vi/contracts';
import type { ReposOf, StoreOf } from '@vi/platform-bus';
import { validationFailed } from '@vi/platform-errors';
import { toRfc3339, type Clock } from '@vi/platform-time';
import type { Caller } from '@vi/platform-grpc';
import { streamedBody, containerNamed } from '@vi/platform-media';
import { MAX_TIME_MULTIPLIER, effectiveSeconds } from '../../domain/accommodations';
import { takesRemaining } from '../../domain/interview';
import { isTakeTooLong, TAKE_DURATION_TOLERANCE_SECONDS, takeDuration } from '../../domain/take';
import { requireStartedBeforeDue, requireTakeOpen } from '../../domain/interview-status';
import { InterviewsError, InterviewsErrorCode } from '../../domain/interviews.errors';
import { takeBytesAllowed, takeKindOf, type Take } from '../../domain/take';
import type { InterviewsStore } from '../store';
import { candidateInterview } from '../shared/candidate-interview';
import { findQuestion } from '../shared/find-question';
import {
  companyMediaBytesLeft,
  companyMediaQuotaExceeded,
  mediaBytesLeft,
  mediaQuotaExceeded,
  requireCompanyMediaQuota,
  requireMediaQuota,
} from '../shared/media-quota';
import { renderTake } from '../take-rendering';
import type { MediaStorage, VideoProbe } from '../ports';

export interface TakeUploadDeps {
  store: StoreOf<InterviewsStore, 'interviews' | 'questions' | 'takes' | 'recordings' | 'companyMedia'>;
  clock: Clock;
  media: MediaStorage;
  video: VideoProbe;
  maxTakeBytes: number;
  /** MAX_TAKE_BITRATE: a take's size is bounded by its length (decision 037). */
  maxTakeBitrate: number;
  /** MAX_INTERVIEW_MEDIA_BYTES. */
  maxInterviewMediaBytes: number;
  /** MAX_COMPANY_MEDIA_BYTES (issue 38). */
  maxCompanyMediaBytes: number;
}

/**
 * A recorded answer, streamed to media storage as it arrives (never held whole
 * in memory) and measured on the way: its length is what its container says
 * (decision 012). The rules are checked before the first byte is stored and
 * again, under the interview's row lock, before the take counts; a refused
 * video is deleted before the answer. Its size is bounded three ways while it
 * streams (MAX_TAKE_BYTES, the bitrate ceiling over the question's time limit,
 * what is left of the interview's quota), then by the bitrate over its measured
 * length, and the quota again under the lock (decision 037). Its length is held to the question's time limit as the
 * interview's accommodations make it (× time_multiplier; none with unlimited_time), its count to the takes with the
 * extra ones; a take with an audio track and no video track is accepted only with audio_only (issue 42).
 */
export async function uploadTake(deps: TakeUploadDeps, caller: Caller, chunks: AsyncIterable<interviews.TakeUploadChunk>): Promise<interviews.Take> {
  const iterator = chunks[Symbol.asyncIterator]();
  const first = await iterator.next();
  const header = first.done ? undefined : first.value.header;
  if (!header) throw validationFailed([{ field: 'body', reason: 'the upload starts with its header', code: 'invalid_format' }]);
  // An audio-only take comes as audio/webm or audio/mp4 (what MediaRecorder names it): the same containers.
  const extension = containerNamed(header.content_type.replace(/^audio\//, 'video/'));
  if (!extension) throw validationFailed([{ field: 'Content-Type', reason: 'must be video/webm, video/mp4, audio/webm or audio/mp4', code: 'invalid_value' }]);
  // 0 (the field's default) when the client declared no length.
  const declaredSeconds = header.duration_seconds > 0 ? header.duration_seconds : null;

  // The due time is judged by when the upload began: a long upload started in time is not refused at its end.
  const receivedAt = deps.clock.now();
  const check = async (repos: ReposOf<InterviewsStore, 'interviews' | 'questions'>, lock: boolean) => {
    const interview = await candidateInterview(repos, caller, header.interview_uuid, { lock });
    const question = await findQuestion(repos, interview.uuid, header.question_uuid);
    // Null: no time limit (unlimited_time); the late window after the due time still has one, the longest a multiplier gives.
    const timeLimit = effectiveSeconds(question.timeLimit, interview.accommodations);
    requireTakeOpen(interview, timeLimit ?? question.timeLimit * MAX_TIME_MULTIPLIER, receivedAt);
    if (takesRemaining(question, interview.accommodations.extraTakes) === 0) throw new InterviewsError(InterviewsErrorCode.TakesExhausted);
    return { interview, question, timeLimit };
  };
  const { interview, timeLimit } = await check(deps.store.read, false);
  const quotaLeft = await mediaBytesLeft(deps.store.read, deps, interview.uuid);
  const companyLeft = await companyMediaBytesLeft(deps.store.read, deps, interview.companyUuid);

  // The first bytes say whether this is a video at all: nothing is stored otherwise.
  const body = await streamedBody(iterator, first.done ? undefined : first.value.data, deps.video.headBytes);
  const container = deps.video.containerOf(body.head);
  if (container === null) throw new InterviewsError(InterviewsErrorCode.TakeNotVideo);
  if (container !== extension) {
    throw new InterviewsError(
      InterviewsErrorCode.TakeNotVideo,
      `The body is ${container === 'mp4' ? 'an MP4' : 'a WebM'} video: send it as video/${container}`,
    );
  }

  const maxBytes = deps.maxTakeBytes;
  // Without a time limit, only MAX_TAKE_BYTES and the quotas bound it while it streams; its measured length does after.
  const longest = timeLimit === null ? null : timeLimit + TAKE_DURATION_TOLERANCE_SECONDS;
  const requireBounded = (size: number) => {
    if (size > maxBytes) throw new InterviewsError(InterviewsErrorCode.TakeTooLarge, `The video is larger than ${maxBytes} bytes`);
    if (size > quotaLeft) throw mediaQuotaExceeded(deps);
    if (size > companyLeft) throw companyMediaQuotaExceeded(deps);
    if (longest !== null && size > takeBytesAllowed(longest, deps.maxTakeBitrate)) throw bitrateTooHigh(size, longest, deps.maxTakeBitrate);
  };
  const measured = deps.video.measure(body.bytes(requireBounded));
  const key = `${header.interview_uuid}/${randomUUID()}.${extension}`;
  const stored = await deps.media.write(key, measured.data);
  try {
    const durationSeconds = takeDuration(await measured.duration, declaredSeconds);
    if (durationSeconds === null) {
      throw validationFailed([
        { field: 'X-Take-Duration-Seconds', reason: "required: the video's container carries no readable duration", code: 'invalid_value' },
      ]);
    }
    if (timeLimit !== null && isTakeTooLong(durationSeconds, timeLimit)) {
      throw new InterviewsError(
        InterviewsErrorCode.TakeTooLong,
        `The video is ${durationSeconds} seconds long; this question allows ${timeLimit} seconds (${TAKE_DURATION_TOLERANCE_SECONDS} more are tolerated)`,
      );
    }
    const kind = takeKindOf(await measured.tracks, header.content_type);
    if (kind === null) throw new InterviewsError(InterviewsErrorCode.TakeNotVideo, 'The body has neither a video nor an audio track');
    if (kind === 'audio' && !interview.accommodations.audioOnly) {
      throw new InterviewsError(
        InterviewsErrorCode.TakeNotVideo,
        "The body has no video track: an answer by microphone only needs the interview's accommodations.audio_only",
      );
    }
    if (stored > takeBytesAllowed(durationSeconds, deps.maxTakeBitrate)) throw bitrateTooHigh(stored, durationSeconds, deps.maxTakeBitrate);
    return await deps.store.transaction(async (tx) => {
      const { interview, question } = await check(tx, true);
      requireStartedBeforeDue(interview.scheduledAt, receivedAt, durationSeconds);
      // Two uploads at once each fit what was left when they started: the row lock orders them here.
      await requireMediaQuota(tx, deps, interview.uuid, stored);
      // And the company's (issue 38): its media lock orders two uploads of one company, whatever their interviews.
      await requireCompanyMediaQuota(tx, deps, interview.companyUuid, stored);
      const now = deps.clock.now();
      const take: Take = {
        uuid: randomUUID(),
        interviewUuid: interview.uuid,
        questionUuid: question.uuid,
        number: question.takesCompleted + 1,
        // What it holds, whatever it was sent as: an audio-only take plays as audio/webm or audio/mp4.
        contentType: `${kind}/${extension}`,
        size: stored,
        durationSeconds,
        storageKey: key,
        createdAt: now,
      };
      await tx.takes.insert(take);
      await tx.questions.update({
        ...question,
        takesCompleted: question.takesCompleted + 1,
        completed: true,
        startedAt: question.startedAt ?? now,
        updatedAt: now,
      });
      await tx.interviews.update({ ...interview, updatedAt: now });
      // The transcription service learns of the take (decision 073) only if it was stored: in the same transaction.
      const uploaded: TakeUploadedPayload = {
        company_uuid: interview.companyUuid,
        interview_uuid: interview.uuid,
        question_uuid: question.uuid,
        take_uuid: take.uuid,
        language: interview.language,
        content_type: take.contentType,
        duration_seconds: take.durationSeconds,
        occurred_at: toRfc3339(now),
      };
      await tx.publish([{ subject: InterviewsSubjects.TakeUploaded, payload: uploaded }]);
      return renderTake(take);
    });
  } catch (error) {
    await deps.media.delete(key);
    throw error;
  }
}

function bitrateTooHigh(bytes: number, seconds: number, bitsPerSecond: number): InterviewsError {
  return new InterviewsError(
    InterviewsErrorCode.TakeBitrateTooHigh,
    `The video has ${bytes} bytes for ${seconds} seconds: a take may have at most ${takeBytesAllowed(seconds, bitsPerSecond)} bytes for that length (${bitsPerSecond} bits per second)`,
  );
}
