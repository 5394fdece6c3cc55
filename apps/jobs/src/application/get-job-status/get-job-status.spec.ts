import { memoryStore } from '@vi/platform-testing';
import { aCompanyUser, aJob, aJobSeeker } from '../../../test/factories';
import { InMemoryJobs } from '../../../test/fakes';
import { getJobStatus } from './get-job-status';

describe('getJobStatus', () => {
  const interviews = { kind: 'service', service: 'interviews' } as const;
  const active = aJob({ status: 'active' });
  const inactive = aJob({ status: 'inactive', companyUuid: active.companyUuid });
  const deps = { store: memoryStore({ jobs: new InMemoryJobs(active, inactive) }) };

  it('answers interviews the status the job has now; a job of another company or none is inactive', async () => {
    expect(await getJobStatus(deps, interviews, { companyUuid: active.companyUuid, jobUuid: active.uuid })).toEqual({ status: 'active' });
    expect(await getJobStatus(deps, interviews, { companyUuid: active.companyUuid, jobUuid: inactive.uuid })).toEqual({ status: 'inactive' });
    expect(await getJobStatus(deps, interviews, { companyUuid: aJob().companyUuid, jobUuid: active.uuid })).toEqual({ status: 'inactive' });
  });

  it('answers no one else: users, job seekers and other services are refused', async () => {
    for (const caller of [aCompanyUser({ companyUuid: active.companyUuid }), aJobSeeker(), { kind: 'service', service: 'gateway' } as const]) {
      await expect(getJobStatus(deps, caller, { companyUuid: active.companyUuid, jobUuid: active.uuid })).rejects.toMatchObject({
        code: 'api.operator_required',
      });
    }
  });
});
