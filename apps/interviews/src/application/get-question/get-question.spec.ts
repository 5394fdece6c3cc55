import { memoryStore } from '@vi/platform-testing';
import { aCaller, anInterview, aQuestion, aUserOfCompany } from '../../../test/factories';
import { MemoryInterviews, MemoryQuestions } from '../../../test/fakes';
import { InterviewsErrorCode } from '../../domain/interviews.errors';
import { getQuestion } from './get-question';
import { SharedErrorCode } from '@vi/contracts';

describe('getQuestion', () => {
  const interview = anInterview();
  const question = aQuestion(interview, { takesLimit: 3, takesCompleted: 1, completed: true });
  const store = memoryStore({ interviews: new MemoryInterviews([interview]), questions: new MemoryQuestions([question, aQuestion(anInterview())]) });

  it('shows a question of the company’s interview with its takes left', async () => {
    const sut = await getQuestion({ store }, aCaller(aUserOfCompany(interview.companyUuid)), interview.uuid, question.uuid);
    expect(sut).toMatchObject({ uuid: question.uuid, completed: true, takes: { completed: 1, remaining: 2, limit: 3 } });
  });

  it('finds nothing in another company’s interview, nor a question of another interview (404)', async () => {
    await expect(getQuestion({ store }, aCaller(), interview.uuid, question.uuid)).rejects.toMatchObject({ code: SharedErrorCode.InterviewNotFound });
    const elsewhere = [...store.read.questions.state.values()].find((q) => q.interviewUuid !== interview.uuid)!;
    await expect(getQuestion({ store }, aCaller(aUserOfCompany(interview.companyUuid)), interview.uuid, elsewhere.uuid)).rejects.toMatchObject({
      code: InterviewsErrorCode.QuestionNotFound,
    });
  });
});
