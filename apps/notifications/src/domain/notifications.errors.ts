import { AppError, ErrorKind, assertNever } from '@vi/platform-errors';

export enum NotificationsErrorCode {
  WebhookNotFound = 'api.webhook_not_found',
  EventTypeUnknown = 'api.webhook_event_type_unknown',
  UrlNotAllowed = 'api.webhook_url_not_allowed',
  InterviewCalendarNotFound = 'api.interview_calendar_not_found',
}

const REASONS: Record<NotificationsErrorCode, string> = {
  [NotificationsErrorCode.WebhookNotFound]: 'Webhook not found',
  [NotificationsErrorCode.EventTypeUnknown]: 'Unknown event type',
  [NotificationsErrorCode.UrlNotAllowed]: 'Webhook URLs must not point at private, loopback or link-local addresses',
  [NotificationsErrorCode.InterviewCalendarNotFound]:
    'Only a live interview has a calendar invitation: a one-way interview is answered at any time before it is due',
};

function kindOf(code: NotificationsErrorCode): ErrorKind {
  switch (code) {
    case NotificationsErrorCode.WebhookNotFound:
    case NotificationsErrorCode.InterviewCalendarNotFound:
      return ErrorKind.NotFound;
    case NotificationsErrorCode.EventTypeUnknown:
    case NotificationsErrorCode.UrlNotAllowed:
      return ErrorKind.InvalidArgument;
    default:
      return assertNever(code);
  }
}

export class NotificationsError extends AppError {
  constructor(code: NotificationsErrorCode, reason: string = REASONS[code]) {
    super(kindOf(code), code, reason);
    this.name = 'NotificationsError';
  }
}
