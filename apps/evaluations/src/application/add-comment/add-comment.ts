import { randomUUID } from 'node:crypto';
import { SharedErrorCode, type CommentJson } from '@vi/contracts';
import type { StoreOf } from '@vi/platform-bus';
import { companyUserOf, sharedError, type Caller } from '@vi/platform-grpc';
import type { Clock } from '@vi/platform-time';
import { checkedCommentInput, requireNoErrors, type Comment, type CommentInput } from '../../domain/comment';
import { fieldError } from '../../domain/field-errors';
import { commentEvent, commentJson } from '../evaluation-rendering';
import type { IdentityDirectory, InterviewsDirectory } from '../ports';
import { evaluableInterview } from '../shared/evaluable-interview';
import type { EvaluationsStore } from '../store';

/**
 * A company user's comment on an evaluable interview, pinned when it says so to a moment of a take or a recording.
 * Mentions are colleagues identity shows the caller (400 on `mentions.<i>` otherwise); CommentCreated carries their
 * emails so that notifications can write to them.
 */
export async function addComment(
  deps: { store: StoreOf<EvaluationsStore, 'comments' | 'evaluations'>; identity: IdentityDirectory; interviews: InterviewsDirectory; clock: Clock },
  caller: Caller,
  interviewUuid: string,
  input: CommentInput,
): Promise<CommentJson> {
  const { companyUuid, userUuid } = companyUserOf(caller.principal, () => sharedError(SharedErrorCode.InterviewNotFound));
  const shared = await evaluableInterview(deps.interviews, caller, companyUuid, interviewUuid);
  const { text, errors } = checkedCommentInput(input, shared);
  const mentioned = [...new Set(input.mentionUuids)];
  const { users } = await deps.identity.summaries(caller, [...new Set([userUuid, ...mentioned])], []);
  mentioned.forEach((uuid) => {
    if (!users.has(uuid)) errors.push(fieldError(`mentions.${input.mentionUuids.indexOf(uuid)}`, 'must name a user of your company'));
  });
  requireNoErrors(errors);

  const comment: Comment = {
    uuid: randomUUID(),
    interviewUuid,
    companyUuid,
    author: { type: 'user', uuid: userUuid, name: users.get(userUuid)?.name ?? '' },
    text,
    takeUuid: input.takeUuid ?? null,
    recordingUuid: input.recordingUuid ?? null,
    atMs: input.atMs ?? null,
    mentions: mentioned.map((uuid) => ({ uuid, name: users.get(uuid)!.name })),
    createdAt: deps.clock.now(),
  };
  const emails = mentioned.map((uuid) => ({ uuid, name: users.get(uuid)!.name, email: users.get(uuid)!.email }));
  await deps.store.transaction(async (tx) => {
    await tx.comments.insert(comment);
    await tx.publish([commentEvent(comment, await tx.evaluations.counts(interviewUuid), emails)]);
  });
  return commentJson(comment);
}
