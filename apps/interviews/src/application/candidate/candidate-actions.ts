import { InterviewsSubjects, type interviews } from '@vi/contracts';
import type { Principal } from '@vi/platform-grpc';
import { accept, requireAnswerable } from '../../domain/interview-status';
import { InterviewsError, InterviewsErrorCode } from '../../domain/interviews.errors';
import type { InterviewsStore } from '../../infrastructure/interviews.store';
import type { Caller } from '../directories';
import { interviewEvent, renderInterview, renderQuestion } from '../interview-rendering';
import { candidateInterview } from './candidate-interview';

export interface CandidateTokenVerifier {
  verify(token: string): { interviewUuid: string; candidateUuid: string } | null;
}

/** For the gateway: the interview and job seeker a candidate token acts for, or 401. */
export async function resolveCandidateToken(
  deps: { store: InterviewsStore; tokens: CandidateTokenVerifier },
  caller: Principal,
  token: string,
): Promise<{ interviewUuid: string; candidateUuid: string }> {
  const invalid = new InterviewsError(InterviewsErrorCode.CandidateTokenInvalid);
  if (caller.kind !== 'service') throw invalid;
  const scope = deps.tokens.verify(token);
  if (!scope) throw invalid;
  if (!(await deps.store.read.interviews.findAssigned(scope.interviewUuid, scope.candidateUuid))) throw invalid;
  return scope;
}

export async function getCandidateInterview(deps: { store: InterviewsStore }, caller: Caller, uuid: string): Promise<interviews.Interview> {
  return renderInterview(deps.store.read, await candidateInterview(deps.store.read, caller, uuid));
}

/** requested → accepted: from now on the questions are locked. */
export async function acceptInterview(deps: { store: InterviewsStore }, caller: Caller, uuid: string): Promise<interviews.Interview> {
  return deps.store.transaction(async (tx) => {
    const current = await candidateInterview(tx, caller, uuid, { lock: true });
    const now = new Date();
    if (current.status === 'accepted') return renderInterview(tx, current);
    const accepted = { ...current, status: accept(current.status, current.scheduledAt, now), acceptedAt: now, updatedAt: now };
    await tx.interviews.update(accepted);
    await tx.counters.move(accepted.companyUuid, accepted.type, current.status, accepted.status);
    const rendered = await renderInterview(tx, accepted);
    await tx.publish([interviewEvent(InterviewsSubjects.InterviewAccepted, rendered)]);
    return rendered;
  });
}

export async function skipQuestion(deps: { store: InterviewsStore }, caller: Caller, uuid: string, questionUuid: string): Promise<interviews.Question> {
  return deps.store.transaction(async (tx) => {
    const interview = await candidateInterview(tx, caller, uuid, { lock: true });
    const question = await tx.questions.find(interview.uuid, questionUuid);
    if (!question) throw new InterviewsError(InterviewsErrorCode.QuestionNotFound);
    const now = new Date();
    requireAnswerable(interview.status, interview.scheduledAt, now);
    const skipped = { ...question, skipped: true, updatedAt: now };
    await tx.questions.update(skipped);
    await tx.interviews.update({ ...interview, updatedAt: now });
    return renderQuestion(skipped);
  });
}

/** accepted → completed: before the due time, every question answered or skipped, the job still active. */
export async function completeInterview(deps: { store: InterviewsStore }, caller: Caller, uuid: string): Promise<interviews.Interview> {
  return deps.store.transaction(async (tx) => {
    const current = await candidateInterview(tx, caller, uuid, { lock: true });
    const now = new Date();
    requireAnswerable(current.status, current.scheduledAt, now);
    const questions = (await tx.questions.listFor([current.uuid])).get(current.uuid) ?? [];
    if (questions.some((q) => !q.completed && !q.skipped)) throw new InterviewsError(InterviewsErrorCode.QuestionsUnanswered);
    const job = (await tx.projections.jobs([current.jobUuid])).get(current.jobUuid);
    if (job?.status !== 'active') throw new InterviewsError(InterviewsErrorCode.JobInactive);
    const completed = { ...current, status: 'completed' as const, completedAt: now, updatedAt: now };
    await tx.interviews.update(completed);
    await tx.counters.move(completed.companyUuid, completed.type, current.status, completed.status);
    const rendered = await renderInterview(tx, completed);
    await tx.publish([interviewEvent(InterviewsSubjects.InterviewCompleted, rendered)]);
    return rendered;
  });
}
