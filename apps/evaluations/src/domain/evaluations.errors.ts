import { AppError, ErrorKind, assertNever, type FieldError } from '@vi/platform-errors';

/** The codes only the evaluations service raises; the caller kinds and a missing interview are `SharedErrorCode`s. */
export enum EvaluationsErrorCode {
  InterviewNotEvaluable = 'api.interview_not_evaluable',
  CommentNotFound = 'api.comment_not_found',
}

const REASONS: Record<EvaluationsErrorCode, string> = {
  [EvaluationsErrorCode.InterviewNotEvaluable]: 'Only a completed interview, or an expired one with answers, can be evaluated',
  [EvaluationsErrorCode.CommentNotFound]: 'Comment not found',
};

function kindOf(code: EvaluationsErrorCode): ErrorKind {
  switch (code) {
    case EvaluationsErrorCode.InterviewNotEvaluable:
      return ErrorKind.Conflict;
    case EvaluationsErrorCode.CommentNotFound:
      return ErrorKind.NotFound;
    default:
      return assertNever(code);
  }
}

export class EvaluationsError extends AppError {
  constructor(code: EvaluationsErrorCode, reason: string = REASONS[code], fieldErrors?: FieldError[]) {
    super(kindOf(code), code, reason, fieldErrors);
    this.name = 'EvaluationsError';
  }
}
