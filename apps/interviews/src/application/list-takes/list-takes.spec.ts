import { memoryStore } from '@vi/platform-testing';
import { aCaller, anInterview, aQuestion, aTake, aUserOfCompany } from '../../../test/factories';
import { MemoryInterviews, MemoryQuestions, MemoryTakes } from '../../../test/fakes';
import { InterviewsErrorCode } from '../../domain/interviews.errors';
import { listTakes } from './list-takes';
import { SharedErrorCode } from '@vi/contracts';

describe('listTakes', () => {
  const interview = anInterview({ status: 'completed' });
  const question = aQuestion(interview);
  const [second, first] = [aTake(question, { number: 2 }), aTake(question, { number: 1 })];
  const store = memoryStore({
    interviews: new MemoryInterviews([interview]),
    questions: new MemoryQuestions([question]),
    takes: new MemoryTakes([second, first]),
  });
  const caller = aCaller(aUserOfCompany(interview.companyUuid));

  it('lists a question’s takes in the order they were recorded', async () => {
    const sut = await listTakes({ store }, caller, interview.uuid, question.uuid);
    expect(sut).toEqual({
      takes: [
        {
          uuid: first.uuid,
          question_uuid: question.uuid,
          number: 1,
          content_type: 'video/webm',
          size: 1024,
          duration_seconds: 12.5,
          created_at: '2026-03-02T09:00:00+00:00',
          kind: 'video',
        },
        expect.objectContaining({ uuid: second.uuid, number: 2 }),
      ],
    });
  });

  it('finds nothing for another company, or for a question of another interview (404)', async () => {
    await expect(listTakes({ store }, aCaller(), interview.uuid, question.uuid)).rejects.toMatchObject({ code: SharedErrorCode.InterviewNotFound });
    await expect(listTakes({ store }, caller, interview.uuid, aQuestion(anInterview()).uuid)).rejects.toMatchObject({
      code: InterviewsErrorCode.QuestionNotFound,
    });
  });

  it('shows no take before the candidate has completed the interview, and an expired interview’s takes (403 until then)', async () => {
    for (const status of ['requested', 'accepted', 'canceled'] as const) {
      await store.read.interviews.update({ ...interview, status });
      await expect(listTakes({ store }, caller, interview.uuid, question.uuid)).rejects.toMatchObject({ code: InterviewsErrorCode.TakesNotVisible });
    }
    await store.read.interviews.update({ ...interview, status: 'expired' });
    expect((await listTakes({ store }, caller, interview.uuid, question.uuid)).takes).toHaveLength(2);
    await store.read.interviews.update(interview);
  });
});
