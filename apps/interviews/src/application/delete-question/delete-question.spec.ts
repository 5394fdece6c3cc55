import { FakeClock } from '@vi/platform-time';
import { memoryStore } from '@vi/platform-testing';
import { AT, aCaller, anInterview, aQuestion, aUserOfCompany } from '../../../test/factories';
import { MemoryInterviews, MemoryQuestions } from '../../../test/fakes';
import type { Interview, InterviewQuestion } from '../../domain/interview';
import { InterviewsErrorCode } from '../../domain/interviews.errors';
import { deleteQuestion } from './delete-question';

describe('deleteQuestion', () => {
  const fixture = (interview: Interview, questions: InterviewQuestion[]) => ({
    store: memoryStore({ interviews: new MemoryInterviews([interview]), questions: new MemoryQuestions(questions) }),
    clock: new FakeClock(AT),
  });
  const remaining = async (deps: ReturnType<typeof fixture>, interview: Interview) =>
    (await deps.store.read.questions.listFor([interview.uuid])).get(interview.uuid)?.map((q) => q.uuid);

  it('removes a question; a one-way interview keeps its last one', async () => {
    const oneWay = anInterview();
    const [first, second] = [aQuestion(oneWay), aQuestion(oneWay, { position: 1 })];
    const deps = fixture(oneWay, [first, second]);
    const caller = aCaller(aUserOfCompany(oneWay.companyUuid));

    await deleteQuestion(deps, caller, oneWay.uuid, first.uuid);

    expect(await remaining(deps, oneWay)).toEqual([second.uuid]);
    await expect(deleteQuestion(deps, caller, oneWay.uuid, second.uuid)).rejects.toMatchObject({ code: InterviewsErrorCode.QuestionsRequired });
    expect(await remaining(deps, oneWay)).toEqual([second.uuid]);
  });

  it('lets a live interview lose its last question, and refuses once the interview is accepted', async () => {
    const live = anInterview({ type: 'live' });
    const only = aQuestion(live);
    const deps = fixture(live, [only]);
    await deleteQuestion(deps, aCaller(aUserOfCompany(live.companyUuid)), live.uuid, only.uuid);
    expect(await remaining(deps, live)).toEqual([]);

    const accepted = anInterview({ status: 'accepted' });
    const locked = aQuestion(accepted);
    const lockedDeps = fixture(accepted, [locked, aQuestion(accepted, { position: 1 })]);
    await expect(deleteQuestion(lockedDeps, aCaller(aUserOfCompany(accepted.companyUuid)), accepted.uuid, locked.uuid)).rejects.toMatchObject({
      code: InterviewsErrorCode.QuestionsLocked,
    });
  });
});
