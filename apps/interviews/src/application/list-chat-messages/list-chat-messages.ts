import type { interviews } from '@vi/contracts';
import type { StoreOf } from '@vi/platform-bus';
import type { Caller } from '@vi/platform-grpc';
import type { Clock } from '@vi/platform-time';
import { renderChatMessage } from '../chat-rendering';
import type { InterviewsStore } from '../store';
import { findInterview } from '../shared/find-interview';
import { callOf } from '../shared/live-participant';

/**
 * A page of a live interview's chat, oldest first, each message with its time into the call. For the company
 * (`GET /interviews/<uuid>/chat`: any user of its company, whatever the interview's state); `in_call`, for a
 * participant just admitted to the call, under the join's rule (the job seeker too, while the call may be held).
 */
export async function listChatMessages(
  deps: { store: StoreOf<InterviewsStore, 'interviews' | 'liveCalls'>; clock: Clock },
  caller: Caller,
  request: interviews.ListChatMessagesRequest,
): Promise<interviews.ChatMessagePage> {
  const repos = deps.store.read;
  const interview = request.in_call
    ? (await callOf(repos, caller, request.interview_uuid, deps.clock.now())).interview
    : await findInterview(repos, caller, request.interview_uuid);
  const offset = Math.max(0, request.range_from);
  const limit = Math.max(0, request.range_to - offset + 1);
  const [page, startedAt] = await Promise.all([repos.liveCalls.messages(interview.uuid, { offset, limit }), repos.liveCalls.startedAt(interview.uuid)]);
  return { messages: page.messages.map((message) => renderChatMessage(message, startedAt)), total: page.total };
}
