import type { StoreOf } from '@vi/platform-bus';
import { companyUserOf, type UserPrincipal } from '@vi/platform-grpc';
import type { Clock } from '@vi/platform-time';
import { InterviewsError, InterviewsErrorCode } from '../../domain/interviews.errors';
import type { InterviewsStore } from '../store';

/** Soft-deletes a set: gone from lists and reads (404); interviews that copied it keep their questions. */
export async function deleteQuestionSet(
  deps: { store: StoreOf<InterviewsStore, 'questionSets'>; clock: Clock },
  principal: UserPrincipal,
  setUuid: string,
): Promise<void> {
  const { companyUuid } = companyUserOf(principal, () => new InterviewsError(InterviewsErrorCode.QuestionSetNotFound));
  await deps.store.transaction(async (tx) => {
    const current = await tx.questionSets.find(companyUuid, setUuid, { lock: true });
    if (!current) throw new InterviewsError(InterviewsErrorCode.QuestionSetNotFound);
    await tx.questionSets.markDeleted(current.uuid, deps.clock.now());
  });
}
