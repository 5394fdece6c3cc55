import { SharedErrorCode, type CommentJson } from '@vi/contracts';
import type { StoreOf } from '@vi/platform-bus';
import { companyUserOf, sharedError, type Caller } from '@vi/platform-grpc';
import { inAnswerOrder } from '../../domain/comment';
import { commentJson } from '../evaluation-rendering';
import type { InterviewsDirectory } from '../ports';
import { evaluableInterview } from '../shared/evaluable-interview';
import type { EvaluationsStore } from '../store';

/** The interview's comments, for every company user of it, in order of answer and moment. */
export async function listComments(
  deps: { store: StoreOf<EvaluationsStore, 'comments'>; interviews: InterviewsDirectory },
  caller: Caller,
  interviewUuid: string,
): Promise<{ items: CommentJson[] }> {
  const { companyUuid } = companyUserOf(caller.principal, () => sharedError(SharedErrorCode.InterviewNotFound));
  const shared = await evaluableInterview(deps.interviews, caller, companyUuid, interviewUuid);
  const comments = await deps.store.read.comments.listOf(companyUuid, interviewUuid);
  return { items: inAnswerOrder(comments, shared).map(commentJson) };
}
