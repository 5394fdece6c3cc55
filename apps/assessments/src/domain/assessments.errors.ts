import { AppError, ErrorKind, assertNever, type FieldError } from '@vi/platform-errors';

/** The codes only the assessments service raises (decision 071). */
export enum AssessmentsErrorCode {
  TestNotFound = 'api.assessment_test_not_found',
  OrderNotFound = 'api.assessment_order_not_found',
  CandidateAlreadyAssessed = 'api.candidate_already_assessed',
}

const REASONS: Record<AssessmentsErrorCode, string> = {
  [AssessmentsErrorCode.TestNotFound]: 'No such test: an active job of the company with open-interview questions',
  [AssessmentsErrorCode.OrderNotFound]: 'Assessment not found',
  [AssessmentsErrorCode.CandidateAlreadyAssessed]: 'This candidate is already being assessed with this test',
};

function kindOf(code: AssessmentsErrorCode): ErrorKind {
  switch (code) {
    case AssessmentsErrorCode.TestNotFound:
    case AssessmentsErrorCode.OrderNotFound:
      return ErrorKind.NotFound;
    case AssessmentsErrorCode.CandidateAlreadyAssessed:
      return ErrorKind.Conflict;
    default:
      return assertNever(code);
  }
}

export class AssessmentsError extends AppError {
  constructor(code: AssessmentsErrorCode, reason: string = REASONS[code], fieldErrors?: FieldError[]) {
    super(kindOf(code), code, reason, fieldErrors);
    this.name = 'AssessmentsError';
  }
}
