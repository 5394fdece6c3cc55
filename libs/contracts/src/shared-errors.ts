/**
 * Error codes several services raise, each with its one reason text: the caller-kind checks of decision 028 (a
 * company user, an administrator, an operator, a user). `kind` is the ErrorKind of `@vi/platform-errors` (its HTTP
 * status), spelled out here because contracts depend on nothing; the guards that raise these live in
 * `@vi/platform-grpc`. docs/errors.md lists them with every other code (tools/repo-checks compares the two).
 */
export const SharedErrorCode = {
  CompanyUserRequired: 'api.company_user_required',
  AdministratorRequired: 'api.administrator_required',
  OperatorRequired: 'api.operator_required',
  UserRequired: 'api.user_required',
} as const;
export type SharedErrorCode = (typeof SharedErrorCode)[keyof typeof SharedErrorCode];

export const SHARED_ERRORS = {
  [SharedErrorCode.CompanyUserRequired]: { kind: 'permission_denied', reason: 'This action requires a company user' },
  [SharedErrorCode.AdministratorRequired]: { kind: 'permission_denied', reason: 'This action requires an administrator' },
  [SharedErrorCode.OperatorRequired]: { kind: 'permission_denied', reason: 'This action is for platform operators only' },
  [SharedErrorCode.UserRequired]: { kind: 'unauthenticated', reason: 'This operation acts for a user' },
} as const satisfies Record<SharedErrorCode, { kind: string; reason: string }>;
