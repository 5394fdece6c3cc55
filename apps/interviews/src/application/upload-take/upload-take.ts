import { randomUUID } from 'node:crypto';
import type { interviews } from '@vi/contracts';
import { validationFailed } from '@vi/platform-errors';
import { takesRemaining } from '../../domain/interview';
import { requireAnswerable } from '../../domain/interview-status';
import { InterviewsError, InterviewsErrorCode } from '../../domain/interviews.errors';
import type { InterviewsStore } from '../../infrastructure/interviews.store';
import type { Take } from '../../infrastructure/take.repository';
import type { Caller } from '../directories';
import { candidateInterview } from '../get-candidate-interview/get-candidate-interview';
import type { MediaStorage } from '../media-storage';
import { renderTake } from '../take-rendering';

export const TAKE_CONTENT_TYPES: Record<string, string> = { 'video/webm': 'webm', 'video/mp4': 'mp4' };

export interface TakeUploadDeps {
  store: InterviewsStore;
  media: MediaStorage;
  maxTakeBytes: number;
}

/**
 * A recorded answer, streamed to media storage as it arrives (never held whole
 * in memory). The rules are checked before the first byte is stored and again,
 * under the interview's row lock, before the take counts.
 */
export async function uploadTake(deps: TakeUploadDeps, caller: Caller, chunks: AsyncIterable<interviews.TakeUploadChunk>): Promise<interviews.Take> {
  const iterator = chunks[Symbol.asyncIterator]();
  const first = await iterator.next();
  const header = first.done ? undefined : first.value.header;
  if (!header) throw validationFailed([{ field: 'body', reason: 'the upload starts with its header', code: 'invalid_format' }]);
  const extension = TAKE_CONTENT_TYPES[header.content_type];
  if (!extension) throw validationFailed([{ field: 'Content-Type', reason: 'must be video/webm or video/mp4', code: 'invalid_value' }]);

  const check = async (repos: InterviewsStore['read'], lock: boolean) => {
    const interview = await candidateInterview(repos, caller, header.interview_uuid, { lock });
    const question = await repos.questions.find(interview.uuid, header.question_uuid);
    if (!question) throw new InterviewsError(InterviewsErrorCode.QuestionNotFound);
    requireAnswerable(interview.status, interview.scheduledAt, new Date());
    if (takesRemaining(question) === 0) throw new InterviewsError(InterviewsErrorCode.TakesExhausted);
    if (!(header.duration_seconds > 0) || header.duration_seconds > question.timeLimit) {
      throw validationFailed([
        { field: 'X-Take-Duration-Seconds', reason: `must be more than 0 and at most the question's time limit (${question.timeLimit} s)`, code: 'invalid_value' },
      ]);
    }
    return { interview, question };
  };
  await check(deps.store.read, false);

  const key = `${header.interview_uuid}/${randomUUID()}.${extension}`;
  const maxBytes = deps.maxTakeBytes;
  const data = async function* () {
    let size = 0;
    const firstData = first.done ? undefined : first.value.data;
    if (firstData && firstData.length > 0) {
      size += firstData.length;
      yield firstData;
    }
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
      size += next.value.data.length;
      if (size > maxBytes) throw new InterviewsError(InterviewsErrorCode.TakeTooLarge, `The video is larger than ${maxBytes} bytes`);
      if (next.value.data.length > 0) yield next.value.data;
    }
  };
  const size = await deps.media.write(key, data());
  try {
    return await deps.store.transaction(async (tx) => {
      const { interview, question } = await check(tx, true);
      const now = new Date();
      const take: Take = {
        uuid: randomUUID(),
        interviewUuid: interview.uuid,
        questionUuid: question.uuid,
        number: question.takesCompleted + 1,
        contentType: header.content_type,
        size,
        durationSeconds: header.duration_seconds,
        storageKey: key,
        createdAt: now,
      };
      await tx.takes.insert(take);
      await tx.questions.update({ ...question, takesCompleted: question.takesCompleted + 1, completed: true, startedAt: question.startedAt ?? now, updatedAt: now });
      await tx.interviews.update({ ...interview, updatedAt: now });
      return renderTake(take);
    });
  } catch (error) {
    await deps.media.delete(key);
    throw error;
  }
}
