import type { Response } from 'express';
import { readAs, writeAs, type RequestContext } from './request-context';

describe('upstream call options of a request', () => {
  const context: RequestContext = {
    principal: {
      kind: 'user',
      userUuid: '0b1c2d3e-0000-4000-8000-000000000001',
      userType: 'company_user',
      companyUuid: '0b1c2d3e-0000-4000-8000-000000000002',
      role: 'administrator',
    },
    keyUuid: '0b1c2d3e-0000-4000-8000-000000000013',
    deadline: new Date('2026-11-22T10:00:05Z'),
  };
  const res = { locals: { context } } as unknown as Response;

  it('a read goes as the caller, by the request`s deadline, and may be retried', () => {
    expect(readAs(res)).toEqual({ principal: context.principal, deadline: context.deadline, idempotent: true });
  });

  it('a change goes as the caller, by the request`s deadline, and is not retried once sent', () => {
    expect(writeAs(res)).toEqual({ principal: context.principal, deadline: context.deadline, idempotent: false });
  });
});
