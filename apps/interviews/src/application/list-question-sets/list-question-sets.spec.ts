import { SharedErrorCode } from '@vi/contracts';
import type { UserPrincipal } from '@vi/platform-grpc';
import type { InterviewsStore } from '../../infrastructure/interviews.store';
import { listQuestionSets } from './list-question-sets';

const jobSeeker: UserPrincipal = { kind: 'user', userUuid: 'u1', companyUuid: null, role: null, userType: 'job_seeker' };
// A job seeker is refused before any read or write.
const store = {} as InterviewsStore;

describe('listQuestionSets', () => {
  it('refuses job seekers with 403 api.company_user_required', async () => {
    await expect(listQuestionSets({ store }, jobSeeker)).rejects.toMatchObject({ code: SharedErrorCode.CompanyUserRequired });
  });
});
