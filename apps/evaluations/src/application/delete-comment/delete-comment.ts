import { SharedErrorCode } from '@vi/contracts';
import type { StoreOf } from '@vi/platform-bus';
import { companyUserOf, sharedError, type Caller } from '@vi/platform-grpc';
import { EvaluationsError, EvaluationsErrorCode } from '../../domain/evaluations.errors';
import type { InterviewsDirectory } from '../ports';
import { foundInterview } from '../shared/evaluable-interview';
import type { EvaluationsStore } from '../store';

/** Deletes a comment: its author, or an administrator of the company (403 api.administrator_required for others). */
export async function deleteComment(
  deps: { store: StoreOf<EvaluationsStore, 'comments'>; interviews: InterviewsDirectory },
  caller: Caller,
  request: { interviewUuid: string; commentUuid: string },
): Promise<void> {
  const { companyUuid, userUuid } = companyUserOf(caller.principal, () => sharedError(SharedErrorCode.InterviewNotFound));
  await foundInterview(deps.interviews, caller, companyUuid, request.interviewUuid);
  await deps.store.transaction(async (tx) => {
    const comment = await tx.comments.find(companyUuid, request.interviewUuid, request.commentUuid);
    if (!comment) throw new EvaluationsError(EvaluationsErrorCode.CommentNotFound);
    if (comment.author.uuid !== userUuid && caller.principal.role !== 'administrator') throw sharedError(SharedErrorCode.AdministratorRequired);
    await tx.comments.delete(comment.uuid);
  });
}
