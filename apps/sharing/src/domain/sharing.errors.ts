import { AppError, ErrorKind, assertNever, type FieldError } from '@vi/platform-errors';

export enum SharingErrorCode {
  ShareLinkNotFound = 'api.share_link_not_found',
  InterviewNotFound = 'api.interview_not_found',
  InterviewNotCompleted = 'api.share_link_interview_not_completed',
  FeatureRequired = 'api.plan_advanced_share_links_required',
  CompanyUserRequired = 'api.company_user_required',
  OperatorRequired = 'api.operator_required',
}

const REASONS: Record<SharingErrorCode, string> = {
  [SharingErrorCode.ShareLinkNotFound]: 'Share link not found',
  [SharingErrorCode.InterviewNotFound]: 'Interview not found',
  [SharingErrorCode.InterviewNotCompleted]: 'Only completed interviews can be shared',
  [SharingErrorCode.FeatureRequired]: 'Advanced share links need the plan feature advanced_share_links',
  [SharingErrorCode.CompanyUserRequired]: 'Only company users can manage share links',
  [SharingErrorCode.OperatorRequired]: 'This action is for platform operators only',
};

function kindOf(code: SharingErrorCode): ErrorKind {
  switch (code) {
    case SharingErrorCode.ShareLinkNotFound:
    case SharingErrorCode.InterviewNotFound:
      return ErrorKind.NotFound;
    case SharingErrorCode.InterviewNotCompleted:
      return ErrorKind.InvalidArgument;
    case SharingErrorCode.FeatureRequired:
      return ErrorKind.PaymentRequired;
    case SharingErrorCode.CompanyUserRequired:
    case SharingErrorCode.OperatorRequired:
      return ErrorKind.PermissionDenied;
    default:
      return assertNever(code);
  }
}

export class SharingError extends AppError {
  constructor(code: SharingErrorCode, reason: string = REASONS[code], fieldErrors?: FieldError[]) {
    super(kindOf(code), code, reason, fieldErrors);
    this.name = 'SharingError';
  }
}
