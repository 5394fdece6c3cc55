import { SHARED_ERRORS, SharedErrorCode } from '@vi/contracts';
import { AppError } from '@vi/platform-errors';
import type { Principal, ServicePrincipal, UserPrincipal } from './principal';

/**
 * The caller-kind checks every service shares (decision 028): what kind of caller an operation needs is the use
 * case's to say, since services are called by other services too. Each fails with its code and reason text from
 * `@vi/contracts`; rules about one resource (the owner of a webhook) stay in the service's domain.
 */

/** The error of a code several services raise, with its one reason text. */
export function sharedError(code: SharedErrorCode): AppError {
  const { kind, reason } = SHARED_ERRORS[code];
  return new AppError(kind, code, reason);
}

/** A company user acting in their company. */
export interface CompanyUser {
  companyUuid: string;
  userUuid: string;
}

/**
 * The company user a call acts for. Anyone else (a job seeker, a platform process) gets `otherwise`:
 * 403 api.company_user_required unless the operation answers 404 so that a job seeker learns nothing of what exists.
 */
export function companyUserOf(principal: Principal, otherwise: () => AppError = () => sharedError(SharedErrorCode.CompanyUserRequired)): CompanyUser {
  if (principal.kind !== 'user' || principal.userType !== 'company_user' || !principal.companyUuid) throw otherwise();
  return { companyUuid: principal.companyUuid, userUuid: principal.userUuid };
}

/** An administrator of their company: a company user first (403 api.company_user_required), then of that role. */
export function administratorOf(principal: Principal): CompanyUser {
  const user = companyUserOf(principal);
  if (principal.kind !== 'user' || principal.role !== 'administrator') throw sharedError(SharedErrorCode.AdministratorRequired);
  return user;
}

/** A user (company user or job seeker) rather than a platform process acting on its own behalf. */
export function userOf(principal: Principal): UserPrincipal {
  if (principal.kind !== 'user') throw sharedError(SharedErrorCode.UserRequired);
  return principal;
}

/**
 * A platform process acting on its own behalf (the admin CLI, another service), never a user's credentials; with
 * `only`, one of those processes alone (the internal link and URL calls of decision 018).
 */
export function requireOperator(caller: Principal, only?: string | ReadonlySet<string>): asserts caller is ServicePrincipal {
  if (caller.kind !== 'service') throw sharedError(SharedErrorCode.OperatorRequired);
  if (only !== undefined && !(typeof only === 'string' ? caller.service === only : only.has(caller.service)))
    throw sharedError(SharedErrorCode.OperatorRequired);
}
