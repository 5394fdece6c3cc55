import type { UserPrincipal } from '@vi/platform-grpc';
import { InterviewsErrorCode } from '../../domain/interviews.errors';
import type { InterviewsStore } from '../../infrastructure/interviews.store';
import { getQuestionSet } from './get-question-set';

const jobSeeker: UserPrincipal = { kind: 'user', userUuid: 'u1', companyUuid: null, role: null, userType: 'job_seeker' };
// A job seeker is refused before any read or write.
const store = {} as InterviewsStore;

describe('getQuestionSet', () => {
  it('shows job seekers no set (404)', async () => {
    await expect(getQuestionSet({ store }, jobSeeker, 'set')).rejects.toMatchObject({ code: InterviewsErrorCode.QuestionSetNotFound });
  });
});
