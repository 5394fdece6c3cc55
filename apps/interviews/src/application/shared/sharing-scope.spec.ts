import { SharedErrorCode } from '@vi/contracts';
import { aUserOfCompany, OPERATOR } from '../../../test/factories';
import { requireSharingScope } from './sharing-scope';

describe('requireSharingScope', () => {
  const company = '00000000-0000-4000-8000-000000000001';
  const sharing = { kind: 'service', service: 'sharing' } as const;
  const evaluations = { kind: 'service', service: 'evaluations' } as const;
  const sut = requireSharingScope;

  it("lets the evaluations service read interviews (with takes) like a company user, but not stream the takes' videos", () => {
    expect(() => sut(evaluations, company, { serviceOnly: false })).not.toThrow();
    expect(() => sut(evaluations, company, { serviceOnly: true })).toThrow(expect.objectContaining({ code: SharedErrorCode.InterviewNotFound }));
  });

  it('lets sharing do both, a company user of that company read only, and anyone else nothing', () => {
    expect(() => sut(sharing, company, { serviceOnly: true })).not.toThrow();
    expect(() => sut(aUserOfCompany(company), company, { serviceOnly: false })).not.toThrow();
    expect(() => sut(aUserOfCompany(company), company, { serviceOnly: true })).toThrow(expect.objectContaining({ code: SharedErrorCode.InterviewNotFound }));
    for (const principal of [aUserOfCompany('00000000-0000-4000-8000-000000000002'), OPERATOR, { kind: 'service', service: 'notifications' } as const]) {
      expect(() => sut(principal, company, { serviceOnly: false })).toThrow(expect.objectContaining({ code: SharedErrorCode.InterviewNotFound }));
    }
  });
});
