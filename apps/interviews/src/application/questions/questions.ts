import type { interviews } from '@vi/contracts';
import { newQuestion, type InterviewQuestion } from '../../domain/interview';
import { requireQuestionsEditable } from '../../domain/interview-status';
import { InterviewsError, InterviewsErrorCode } from '../../domain/interviews.errors';
import type { InterviewsRepositories, InterviewsStore } from '../../infrastructure/interviews.store';
import type { Caller } from '../directories';
import { findInterview } from '../get-interview/get-interview';
import { renderQuestion } from '../interview-rendering';

async function findQuestion(repos: InterviewsRepositories, interviewUuid: string, questionUuid: string): Promise<InterviewQuestion> {
  const question = await repos.questions.find(interviewUuid, questionUuid);
  if (!question) throw new InterviewsError(InterviewsErrorCode.QuestionNotFound);
  return question;
}

export async function listQuestions(deps: { store: InterviewsStore }, caller: Caller, interviewUuid: string): Promise<interviews.Question[]> {
  const interview = await findInterview(deps.store.read, caller, interviewUuid);
  return ((await deps.store.read.questions.listFor([interview.uuid])).get(interview.uuid) ?? []).map(renderQuestion);
}

export async function getQuestion(deps: { store: InterviewsStore }, caller: Caller, interviewUuid: string, questionUuid: string): Promise<interviews.Question> {
  const interview = await findInterview(deps.store.read, caller, interviewUuid);
  return renderQuestion(await findQuestion(deps.store.read, interview.uuid, questionUuid));
}

/** Adds a question while the interview is still requested (locked once accepted). */
export async function createQuestion(
  deps: { store: InterviewsStore },
  caller: Caller,
  interviewUuid: string,
  input: { text: string; timeLimit: number; takes: number },
): Promise<interviews.Question> {
  return deps.store.transaction(async (tx) => {
    const interview = await findInterview(tx, caller, interviewUuid, { lock: true });
    requireQuestionsEditable(interview.status);
    const now = new Date();
    const question = newQuestion(interview.uuid, await tx.questions.nextPosition(interview.uuid), input, now);
    await tx.questions.insert([question]);
    await tx.interviews.update({ ...interview, updatedAt: now });
    return renderQuestion(question);
  });
}

export async function updateQuestion(
  deps: { store: InterviewsStore },
  caller: Caller,
  interviewUuid: string,
  questionUuid: string,
  input: { text?: string; timeLimit?: number; takes?: number },
): Promise<interviews.Question> {
  return deps.store.transaction(async (tx) => {
    const interview = await findInterview(tx, caller, interviewUuid, { lock: true });
    const current = await findQuestion(tx, interview.uuid, questionUuid);
    requireQuestionsEditable(interview.status);
    const now = new Date();
    const question: InterviewQuestion = {
      ...current,
      text: input.text ?? current.text,
      timeLimit: input.timeLimit ?? current.timeLimit,
      takesLimit: input.takes ?? current.takesLimit,
      updatedAt: now,
    };
    await tx.questions.update(question);
    await tx.interviews.update({ ...interview, updatedAt: now });
    return renderQuestion(question);
  });
}

export async function deleteQuestion(deps: { store: InterviewsStore }, caller: Caller, interviewUuid: string, questionUuid: string): Promise<void> {
  await deps.store.transaction(async (tx) => {
    const interview = await findInterview(tx, caller, interviewUuid, { lock: true });
    await findQuestion(tx, interview.uuid, questionUuid);
    requireQuestionsEditable(interview.status);
    const remaining = ((await tx.questions.listFor([interview.uuid])).get(interview.uuid) ?? []).length - 1;
    if (interview.type === 'one_way' && remaining === 0) throw new InterviewsError(InterviewsErrorCode.QuestionsRequired);
    await tx.questions.delete(questionUuid);
    await tx.interviews.update({ ...interview, updatedAt: new Date() });
  });
}
