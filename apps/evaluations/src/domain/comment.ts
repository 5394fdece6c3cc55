import { EVALUATION_LIMITS, type interviews } from '@vi/contracts';
import { validationFailed, type FieldError } from '@vi/platform-errors';
import type { Evaluator } from './evaluator';
import { fieldError, tooLong } from './field-errors';

/** A comment pinned, when it names one, to a moment of a take or a call recording. */
export interface Comment {
  uuid: string;
  interviewUuid: string;
  companyUuid: string;
  author: Evaluator;
  text: string;
  takeUuid: string | null;
  recordingUuid: string | null;
  atMs: number | null;
  /** The colleagues named, with their names as they were. */
  mentions: { uuid: string; name: string }[];
  createdAt: Date;
}

export interface CommentInput {
  text: string;
  takeUuid?: string;
  recordingUuid?: string;
  atMs?: number;
  mentionUuids: string[];
}

/**
 * The comment's place checked against the interview's answers: at most one of a take and a recording, `at_ms`
 * only with one of them and within its measured length (any moment when it has none). Mentions are checked by the
 * use case, which asks identity who they are.
 */
export function checkedCommentInput(input: CommentInput, shared: interviews.SharedInterview): { text: string; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const text = input.text.trim();
  if (text.length === 0) errors.push(fieldError('text', 'must not be empty', 'too_small'));
  if (text.length > EVALUATION_LIMITS.commentText) errors.push(tooLong('text', EVALUATION_LIMITS.commentText));
  if (input.takeUuid !== undefined && input.recordingUuid !== undefined)
    errors.push(fieldError('recording_uuid', 'a comment names a take or a recording, not both'));
  let lengthSeconds: number | undefined;
  if (input.takeUuid !== undefined) {
    const take = shared.takes.find((t) => t.uuid === input.takeUuid);
    if (!take) errors.push(fieldError('take_uuid', 'must name a take of the interview'));
    lengthSeconds = take?.duration_seconds || undefined;
  } else if (input.recordingUuid !== undefined) {
    const recording = shared.recordings.find((r) => r.uuid === input.recordingUuid);
    if (!recording) errors.push(fieldError('recording_uuid', 'must name an ended recording of the interview'));
    lengthSeconds = recording?.duration_seconds || undefined;
  }
  if (input.atMs !== undefined) {
    if (input.takeUuid === undefined && input.recordingUuid === undefined) errors.push(fieldError('at_ms', 'needs a take_uuid or a recording_uuid'));
    else if (!Number.isInteger(input.atMs) || input.atMs < 0 || (lengthSeconds !== undefined && input.atMs > Math.ceil(lengthSeconds * 1000))) {
      errors.push(fieldError('at_ms', 'must lie within the video', 'invalid_range'));
    }
  }
  return { text, errors };
}

export function requireNoErrors(errors: FieldError[]): void {
  if (errors.length > 0) throw validationFailed(errors);
}

/**
 * Order of answer and moment: the takes in question order then take number, the recordings after them (oldest
 * first), each by `at_ms`; comments on no answer last; then by creation time (and uuid, for a total order).
 */
export function inAnswerOrder(comments: Comment[], shared: interviews.SharedInterview): Comment[] {
  const questionIndex = new Map((shared.interview?.questions ?? []).map((q, i) => [q.uuid, i]));
  const takeKey = new Map(shared.takes.map((t) => [t.uuid, [questionIndex.get(t.question_uuid) ?? Number.MAX_SAFE_INTEGER, t.number]]));
  const recordingIndex = new Map(shared.recordings.map((r, i) => [r.uuid, i]));
  const keyOf = (c: Comment): number[] => {
    const take = c.takeUuid ? takeKey.get(c.takeUuid) : undefined;
    if (take) return [0, take[0], take[1], c.atMs ?? -1];
    const recording = c.recordingUuid ? recordingIndex.get(c.recordingUuid) : undefined;
    if (recording !== undefined) return [1, recording, 0, c.atMs ?? -1];
    return [2, 0, 0, 0];
  };
  return [...comments]
    .map((c) => ({ c, key: [...keyOf(c), c.createdAt.getTime()] }))
    .sort((a, b) => {
      for (let i = 0; i < a.key.length; i++) if (a.key[i] !== b.key[i]) return a.key[i] - b.key[i];
      return a.c.uuid < b.c.uuid ? -1 : a.c.uuid > b.c.uuid ? 1 : 0;
    })
    .map(({ c }) => c);
}
