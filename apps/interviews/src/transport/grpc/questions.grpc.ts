import type { interviews } from '@vi/contracts';
import { callerOf, type UnaryHandlers } from '@vi/platform-grpc';
import { createQuestion } from '../../application/create-question/create-question';
import { deleteQuestion } from '../../application/delete-question/delete-question';
import { getQuestion } from '../../application/get-question/get-question';
import { listQuestions } from '../../application/list-questions/list-questions';
import { updateQuestion } from '../../application/update-question/update-question';
import type { InterviewsGrpcDeps } from './grpc-deps';

/** Transport only: request → use case → response message. */
export function questionsHandlers(deps: Pick<InterviewsGrpcDeps, 'store' | 'clock'>): UnaryHandlers<typeof interviews.QuestionsServiceService> {
  return {
    listQuestions: async (req, ctx) => listQuestions(deps, callerOf(ctx), req.interview_uuid),
    getQuestion: async (req, ctx) => getQuestion(deps, callerOf(ctx), req.interview_uuid, req.question_uuid),
    createQuestion: async (req, ctx) =>
      createQuestion(deps, callerOf(ctx), req.interview_uuid, {
        text: req.question?.text ?? '',
        timeLimit: req.question?.time_limit ?? 0,
        takes: req.question?.takes ?? -1,
        thinkTime: req.question?.think_time,
      }),
    updateQuestion: async (req, ctx) =>
      updateQuestion(deps, callerOf(ctx), req.interview_uuid, req.question_uuid, {
        text: req.text,
        timeLimit: req.time_limit,
        takes: req.takes,
        thinkTime: req.think_time,
      }),
    deleteQuestion: async (req, ctx) => {
      await deleteQuestion(deps, callerOf(ctx), req.interview_uuid, req.question_uuid);
      return {};
    },
  };
}
