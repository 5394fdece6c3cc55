import type { interviews } from '@vi/contracts';
import type { UnaryHandlers } from '@vi/platform-grpc';
import { createQuestionSet } from '../../application/create-question-set/create-question-set';
import { deleteQuestionSet } from '../../application/delete-question-set/delete-question-set';
import { getQuestionSet } from '../../application/get-question-set/get-question-set';
import { listQuestionSets } from '../../application/list-question-sets/list-question-sets';
import { updateQuestionSet } from '../../application/update-question-set/update-question-set';
import type { QuestionSetQuestionInput } from '../../domain/question-set';
import type { InterviewsStore } from '../../application/store';
import type { Clock } from '@vi/platform-time';

export type QuestionSetHandlers = UnaryHandlers<typeof interviews.QuestionSetsServiceService>;

function questionsOf(items: interviews.QuestionSetQuestionInput[]): QuestionSetQuestionInput[] {
  return items.map((q) => ({ uuid: q.uuid, text: q.text, timeLimit: q.time_limit, takes: q.takes, thinkTime: q.think_time }));
}

/** Transport only: request → use case → response message. */
export function questionSetHandlers(deps: { store: InterviewsStore; clock: Clock }): QuestionSetHandlers {
  return {
    listQuestionSets: async (_req, ctx) => listQuestionSets(deps, ctx.user()),
    getQuestionSet: async (req, ctx) => getQuestionSet(deps, ctx.user(), req.question_set_uuid),
    createQuestionSet: async (req, ctx) => createQuestionSet(deps, ctx.user(), { name: req.name, questions: questionsOf(req.questions) }),
    updateQuestionSet: async (req, ctx) =>
      updateQuestionSet(deps, ctx.user(), {
        setUuid: req.question_set_uuid,
        name: req.name,
        questions: req.has_questions ? questionsOf(req.questions) : undefined,
      }),
    deleteQuestionSet: async (req, ctx) => {
      await deleteQuestionSet(deps, ctx.user(), req.question_set_uuid);
      return {};
    },
  };
}
