import { interviewSourceOf } from './interview';

describe('interviewSourceOf', () => {
  it('takes a known type, and an external id from an applicant-tracking system only (decision 071)', () => {
    expect(interviewSourceOf('workspace', undefined)).toEqual({ type: 'workspace', externalId: null });
    expect(interviewSourceOf('ashby', 'as-7')).toEqual({ type: 'ashby', externalId: 'as-7' });
  });

  it('refuses an unknown type and an external id elsewhere (400 naming the field)', () => {
    expect(() => interviewSourceOf('zapier', undefined)).toThrow(expect.objectContaining({ code: 'api.validation_failed' }));
    expect(() => interviewSourceOf('api', 'x')).toThrow(expect.objectContaining({ fieldErrors: [expect.objectContaining({ field: 'source.external_id' })] }));
  });
});
