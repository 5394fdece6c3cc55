import { memoryStore } from '@vi/platform-testing';
import { aCaller, anInterview, aQuestion, aUserOfCompany } from '../../../test/factories';
import { MemoryInterviews, MemoryQuestions } from '../../../test/fakes';
import { listQuestions } from './list-questions';
import { SharedErrorCode } from '@vi/contracts';

describe('listQuestions', () => {
  const interview = anInterview();
  const [second, first] = [aQuestion(interview, { position: 1, text: 'Second' }), aQuestion(interview, { position: 0, text: 'First' })];
  const store = memoryStore({ interviews: new MemoryInterviews([interview]), questions: new MemoryQuestions([second, first, aQuestion(anInterview())]) });

  it('lists the interview’s questions in their order', async () => {
    const sut = await listQuestions({ store }, aCaller(aUserOfCompany(interview.companyUuid)), interview.uuid);
    expect(sut.questions.map((q) => q.text)).toEqual(['First', 'Second']);
  });

  it('shows another company nothing (404)', async () => {
    await expect(listQuestions({ store }, aCaller(), interview.uuid)).rejects.toMatchObject({ code: SharedErrorCode.InterviewNotFound });
  });
});
