import { randomUUID } from 'node:crypto';
import type { interviews } from '@vi/contracts';
import type { StoreOf } from '@vi/platform-bus';
import type { Caller } from '@vi/platform-grpc';
import type { Clock } from '@vi/platform-time';
import { chatText, nextChatNumber, type ChatMessage } from '../../domain/chat';
import type { IdentityDirectory } from '../ports';
import type { InterviewsStore } from '../store';
import { renderChatMessage } from '../chat-rendering';
import { callOf, participantName } from '../shared/live-participant';

/**
 * A participant of a live interview's call writes in its chat (decision 039): kept with the interview as plain
 * text, answered as kept (its uuid, its author, the service's time) for the gateway to relay to the room. The
 * interview's row is locked while the message takes its number, so the call's limit holds whatever the replicas.
 */
export async function postChatMessage(
  deps: { store: StoreOf<InterviewsStore, 'interviews' | 'projections' | 'liveCalls'>; identity: Pick<IdentityDirectory, 'summaries'>; clock: Clock },
  caller: Caller,
  request: interviews.PostChatMessageRequest,
): Promise<interviews.ChatMessage> {
  const text = chatText(request.text);
  const call = await callOf(deps.store.read, caller, request.interview_uuid, deps.clock.now());
  // Before the transaction: a colleague newer than the projection is asked of identity, which may write the projection.
  const authorName = await participantName(deps.store.read, deps.identity, caller, call);
  return deps.store.transaction(async (tx) => {
    const now = deps.clock.now();
    const { interview, role } = await callOf(tx, caller, request.interview_uuid, now, { lock: true });
    const message: ChatMessage = {
      uuid: randomUUID(),
      interviewUuid: interview.uuid,
      number: nextChatNumber(await tx.liveCalls.lastMessageNumber(interview.uuid)),
      authorUuid: caller.principal.userUuid,
      authorName,
      authorRole: role,
      text,
      sentAt: now,
    };
    // Only an admitted participant posts, so the call has started; noted here too in case its start was forgotten.
    await tx.liveCalls.markStarted(interview.uuid, now);
    await tx.liveCalls.insertMessage(message);
    return renderChatMessage(message, await tx.liveCalls.startedAt(interview.uuid));
  });
}
