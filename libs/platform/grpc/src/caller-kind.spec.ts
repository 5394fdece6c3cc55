import { AppError, ErrorKind, httpStatusOf } from '@vi/platform-errors';
import { administratorOf, companyUserOf, requireOperator, userOf } from './caller-kind';
import type { ServicePrincipal, UserPrincipal } from './principal';

const admin: UserPrincipal = { kind: 'user', userUuid: 'u-ann', companyUuid: 'c-1', role: 'administrator', userType: 'company_user' };
const standard: UserPrincipal = { ...admin, userUuid: 'u-bob', role: 'standard' };
const seeker: UserPrincipal = { kind: 'user', userUuid: 'u-sam', companyUuid: null, role: null, userType: 'job_seeker' };
const cli: ServicePrincipal = { kind: 'service', service: 'admin-cli' };
const notifications: ServicePrincipal = { kind: 'service', service: 'notifications' };

/** What the gateway would answer: status and body. */
function refusal(run: () => unknown): { status: number; body: object } {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return { status: httpStatusOf(error.kind), body: error.toBody() };
    throw error;
  }
  throw new Error('not refused');
}

describe('caller-kind checks', () => {
  it('gives a company user their company, and refuses job seekers and platform processes with 403 api.company_user_required', () => {
    expect(companyUserOf(standard)).toEqual({ companyUuid: 'c-1', userUuid: 'u-bob' });
    const expected = {
      status: 403,
      body: { code: 'api.company_user_required', reason: 'This action requires a company user', lang: 'error.company_user_required' },
    };
    expect(refusal(() => companyUserOf(seeker))).toEqual(expected);
    expect(refusal(() => companyUserOf(cli))).toEqual(expected);
  });

  it('answers what the operation chooses instead, for an operation that shows a job seeker nothing (404)', () => {
    const notFound = () => new AppError(ErrorKind.NotFound, 'api.job_not_found', 'Job not found');
    expect(refusal(() => companyUserOf(seeker, notFound))).toMatchObject({ status: 404, body: { code: 'api.job_not_found' } });
    expect(companyUserOf(admin, notFound).companyUuid).toBe('c-1');
  });

  it('lets administrators through; a standard user gets 403 api.administrator_required, a job seeker api.company_user_required', () => {
    expect(administratorOf(admin)).toEqual({ companyUuid: 'c-1', userUuid: 'u-ann' });
    expect(refusal(() => administratorOf(standard))).toMatchObject({ status: 403, body: { code: 'api.administrator_required' } });
    expect(refusal(() => administratorOf(seeker))).toMatchObject({ status: 403, body: { code: 'api.company_user_required' } });
  });

  it('keeps operator calls to platform processes, or to the one named', () => {
    expect(() => requireOperator(cli)).not.toThrow();
    expect(refusal(() => requireOperator(admin))).toMatchObject({ status: 403, body: { code: 'api.operator_required' } });
    expect(() => requireOperator(notifications, 'notifications')).not.toThrow();
    expect(() => requireOperator(notifications, new Set(['gateway', 'notifications']))).not.toThrow();
    expect(refusal(() => requireOperator(cli, 'notifications'))).toMatchObject({ status: 403, body: { code: 'api.operator_required' } });
    expect(refusal(() => requireOperator(cli, new Set(['gateway'])))).toMatchObject({ status: 403, body: { code: 'api.operator_required' } });
  });

  it('refuses a platform process where the operation acts for a user (401 api.user_required)', () => {
    expect(userOf(seeker)).toBe(seeker);
    expect(refusal(() => userOf(cli))).toMatchObject({ status: 401, body: { code: 'api.user_required' } });
  });
});
