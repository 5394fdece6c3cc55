import { aCompanyUser, aTestJob } from '../../../test/factories';
import { FakeJobs } from '../../../test/fakes';
import { atsAdapters } from '../../domain/ats/adapters';
import { listTests } from './list-tests';

describe('listTests', () => {
  it('lists the company’s active jobs with open-interview questions, in the ATS’s shape', async () => {
    const caller = aCompanyUser();
    const jobs = new FakeJobs();
    const companyUuid = caller.principal.companyUuid!;
    const test = jobs.add(companyUuid, aTestJob({ title: 'Engineer' }));
    jobs.add(companyUuid, aTestJob({ status: 'inactive' }));
    jobs.add(companyUuid, aTestJob({ open_interview: undefined }));
    jobs.add(companyUuid, aTestJob()).open_interview!.questions = [];
    jobs.add('another', aTestJob());
    const deps = { jobs, adapters: atsAdapters({ ashbyApiUrl: 'http://ashby.test' }) };
    expect(await listTests(deps, caller, 'greenhouse')).toEqual([{ partner_test_id: test.uuid, partner_test_name: 'Engineer' }]);
    expect(await listTests(deps, caller, 'ashby')).toEqual({
      success: true,
      results: [{ assessment_type_id: test.uuid, name: 'Engineer', description: test.description }],
    });
  });
});
