import { AppError, ErrorKind, assertNever } from '@vi/platform-errors';

export enum IdentityErrorCode {
  KeyDisabled = 'api.key_disabled',
  PlanNoApiAccess = 'api.plan_no_api_access',
  UserNotFound = 'api.user_not_found',
  CompanyNotFound = 'api.company_not_found',
  PlanNotFound = 'api.plan_not_found',
  UserEmailTaken = 'api.user_email_taken',
  UserSlotsExhausted = 'api.plan_user_slots_exhausted',
  CannotDeleteSelf = 'api.user_cannot_delete_self',
  IntegrationKeyNotFound = 'api.integration_key_not_found',
  IntegrationKeyExists = 'api.integration_key_exists',
  SignInFailed = 'api.sign_in_failed',
  SessionInvalid = 'api.session_invalid',
  SetPasswordLinkInvalid = 'api.set_password_link_invalid',
  PasswordTooShort = 'api.password_too_short',
  PasswordTooLong = 'api.password_too_long',
  PasswordTooCommon = 'api.password_too_common',
  /** Sign-in's password hashing is at capacity: refused before any work, with Retry-After (decision 035). */
  SignInBusy = 'api.sign_in_busy',
  /** Every account of the email has used its failed sign-ins (decision 034); the gateway's own 429 says the same. */
  SignInLocked = 'api.too_many_requests',
}

const REASONS: Record<IdentityErrorCode, string> = {
  [IdentityErrorCode.KeyDisabled]: 'The API key belongs to a disabled user',
  [IdentityErrorCode.PlanNoApiAccess]: "The company's plan does not include API access",
  [IdentityErrorCode.UserNotFound]: 'User not found',
  [IdentityErrorCode.CompanyNotFound]: 'Company not found',
  [IdentityErrorCode.PlanNotFound]: 'Plan not found',
  [IdentityErrorCode.UserEmailTaken]: 'A user with this email already exists in the company',
  [IdentityErrorCode.UserSlotsExhausted]: 'No user slot remains on the plan; upgrade or pay for extra users',
  [IdentityErrorCode.CannotDeleteSelf]: 'Users cannot delete themselves',
  [IdentityErrorCode.IntegrationKeyNotFound]: 'The user has no integration key',
  [IdentityErrorCode.IntegrationKeyExists]: 'The user already has an integration key; update it with rotate, or delete it first',
  [IdentityErrorCode.SignInFailed]: 'The email or the password is not correct',
  [IdentityErrorCode.SessionInvalid]: 'The session has ended; sign in again',
  [IdentityErrorCode.SetPasswordLinkInvalid]: 'This set-password link is not valid: it was used already, it expired, or it never existed; ask for a new one',
  [IdentityErrorCode.PasswordTooShort]: 'The password must be at least 12 characters long',
  [IdentityErrorCode.PasswordTooLong]: 'The password must be at most 256 characters long',
  [IdentityErrorCode.PasswordTooCommon]: 'This password is one of the most commonly used; choose one that is harder to guess',
  [IdentityErrorCode.SignInBusy]: 'Too many sign-ins are being checked right now; retry in a moment',
  [IdentityErrorCode.SignInLocked]: 'Too Many Requests',
};

function kindOf(code: IdentityErrorCode): ErrorKind {
  switch (code) {
    case IdentityErrorCode.KeyDisabled:
    case IdentityErrorCode.SignInFailed:
    case IdentityErrorCode.SessionInvalid:
      return ErrorKind.Unauthenticated;
    case IdentityErrorCode.PlanNoApiAccess:
    case IdentityErrorCode.UserSlotsExhausted:
      return ErrorKind.PaymentRequired;
    case IdentityErrorCode.UserNotFound:
    case IdentityErrorCode.CompanyNotFound:
    case IdentityErrorCode.PlanNotFound:
    case IdentityErrorCode.IntegrationKeyNotFound:
      return ErrorKind.NotFound;
    case IdentityErrorCode.UserEmailTaken:
    case IdentityErrorCode.IntegrationKeyExists:
      return ErrorKind.Conflict;
    case IdentityErrorCode.CannotDeleteSelf:
    case IdentityErrorCode.SetPasswordLinkInvalid:
    case IdentityErrorCode.PasswordTooShort:
    case IdentityErrorCode.PasswordTooLong:
    case IdentityErrorCode.PasswordTooCommon:
      return ErrorKind.InvalidArgument;
    case IdentityErrorCode.SignInBusy:
      return ErrorKind.Unavailable;
    case IdentityErrorCode.SignInLocked:
      return ErrorKind.ResourceExhausted;
    default:
      return assertNever(code);
  }
}

export class IdentityError extends AppError {
  constructor(code: IdentityErrorCode, reason: string = REASONS[code], retryAfterSeconds?: number) {
    super(kindOf(code), code, reason, undefined, retryAfterSeconds);
    this.name = 'IdentityError';
  }
}
