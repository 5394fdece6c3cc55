import { JobsErrorCode } from './jobs.errors';
import { jobCompanyOf, takesSlot } from './job';

const companyUser = { kind: 'user', userUuid: 'u1', companyUuid: 'c1', role: 'standard', userType: 'company_user' } as const;
const jobSeeker = { kind: 'user', userUuid: 'u2', companyUuid: null, role: null, userType: 'job_seeker' } as const;

describe('job rules', () => {
  it("gives company users their company's jobs", () => {
    expect(jobCompanyOf(companyUser)).toBe('c1');
  });

  it('shows job seekers no job: 404 for a specific one, 403 for the list', () => {
    expect(() => jobCompanyOf(jobSeeker)).toThrow(expect.objectContaining({ code: JobsErrorCode.JobNotFound }));
    expect(() => jobCompanyOf(jobSeeker, JobsErrorCode.CompanyUserRequired)).toThrow(
      expect.objectContaining({ code: JobsErrorCode.CompanyUserRequired }),
    );
  });

  it('takes a slot only when a job becomes active', () => {
    expect(takesSlot(null, 'active')).toBe(true);
    expect(takesSlot('inactive', 'active')).toBe(true);
    expect(takesSlot('active', 'active')).toBe(false);
    expect(takesSlot(null, 'inactive')).toBe(false);
    expect(takesSlot('active', 'inactive')).toBe(false);
  });
});
