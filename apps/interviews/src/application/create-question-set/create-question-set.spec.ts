import { SharedErrorCode } from '@vi/contracts';
import type { UserPrincipal } from '@vi/platform-grpc';
import type { InterviewsStore } from '../../infrastructure/interviews.store';
import { createQuestionSet } from './create-question-set';

const jobSeeker: UserPrincipal = { kind: 'user', userUuid: 'u1', companyUuid: null, role: null, userType: 'job_seeker' };
// A job seeker is refused before any read or write.
const store = {} as InterviewsStore;

describe('createQuestionSet', () => {
  it('refuses job seekers with 403 api.company_user_required', async () => {
    await expect(createQuestionSet({ store }, jobSeeker, { name: 'x', questions: [] })).rejects.toMatchObject({ code: SharedErrorCode.CompanyUserRequired });
  });
});
