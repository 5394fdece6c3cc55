import type { interviews } from '@vi/contracts';
import { toRfc3339 } from '@vi/platform-time';
import type { QuestionSet } from '../domain/question-set';

/** A question set as the API shows it. */
export function renderQuestionSet(set: QuestionSet): interviews.QuestionSet {
  return {
    uuid: set.uuid,
    name: set.name,
    created_at: toRfc3339(set.createdAt),
    updated_at: toRfc3339(set.updatedAt),
    questions: set.questions.map((q) => ({ uuid: q.uuid, time_limit: q.timeLimit, takes: q.takes, think_time: q.thinkTime, text: q.text })),
  };
}
