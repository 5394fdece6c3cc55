import { AppError, ErrorKind, assertNever } from '@vi/platform-errors';

export enum JobsErrorCode {
  JobNotFound = 'api.job_not_found',
  JobSlotsExhausted = 'api.plan_job_slots_exhausted',
}

const REASONS: Record<JobsErrorCode, string> = {
  [JobsErrorCode.JobNotFound]: 'Job not found',
  [JobsErrorCode.JobSlotsExhausted]: 'No active job slot remains on the plan; deactivate a job or upgrade the plan',
};

function kindOf(code: JobsErrorCode): ErrorKind {
  switch (code) {
    case JobsErrorCode.JobNotFound:
      return ErrorKind.NotFound;
    case JobsErrorCode.JobSlotsExhausted:
      return ErrorKind.PaymentRequired;
    default:
      return assertNever(code);
  }
}

export class JobsError extends AppError {
  constructor(code: JobsErrorCode, reason: string = REASONS[code]) {
    super(kindOf(code), code, reason);
    this.name = 'JobsError';
  }
}
