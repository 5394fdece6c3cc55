import type { interviews } from '@vi/contracts';
import { callerOf, type UnaryHandlers } from '@vi/platform-grpc';
import { joinLiveInterview } from '../../application/join-live-interview/join-live-interview';
import { listChatMessages } from '../../application/list-chat-messages/list-chat-messages';
import { postChatMessage } from '../../application/post-chat-message/post-chat-message';
import type { InterviewsGrpcDeps } from './grpc-deps';

/** Transport only: request → use case → response message (decisions 038, 039). */
export function liveCallsHandlers(deps: Pick<InterviewsGrpcDeps, 'store' | 'identity' | 'clock'>): UnaryHandlers<typeof interviews.LiveCallsServiceService> {
  return {
    joinLiveInterview: async (req, ctx) => joinLiveInterview(deps, callerOf(ctx), req.interview_uuid),
    postChatMessage: async (req, ctx) => postChatMessage(deps, callerOf(ctx), req),
    listChatMessages: async (req, ctx) => listChatMessages(deps, callerOf(ctx), req),
  };
}
