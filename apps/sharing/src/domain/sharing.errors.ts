import { PlanFeature } from '@vi/contracts';
import { AppError, ErrorKind, assertNever, type FieldError } from '@vi/platform-errors';

export enum SharingErrorCode {
  ShareLinkNotFound = 'api.share_link_not_found',
  InterviewNotCompleted = 'api.share_link_interview_not_completed',
  FeatureRequired = 'api.plan_advanced_share_links_required',
}

const REASONS: Record<SharingErrorCode, string> = {
  [SharingErrorCode.ShareLinkNotFound]: 'Share link not found',
  [SharingErrorCode.InterviewNotCompleted]: 'Only completed interviews can be shared',
  [SharingErrorCode.FeatureRequired]: `Advanced share links need the plan feature ${PlanFeature.AdvancedShareLinks}`,
};

function kindOf(code: SharingErrorCode): ErrorKind {
  switch (code) {
    case SharingErrorCode.ShareLinkNotFound:
      return ErrorKind.NotFound;
    case SharingErrorCode.InterviewNotCompleted:
      return ErrorKind.InvalidArgument;
    case SharingErrorCode.FeatureRequired:
      return ErrorKind.PaymentRequired;
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
