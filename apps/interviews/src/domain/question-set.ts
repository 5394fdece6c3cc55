import { validationFailed, type FieldError } from '@vi/platform-errors';
import { isThinkTime, THINK_TIMES, TIME_LIMITS, UNLIMITED_TAKES, type ThinkTime } from './interview';

/** A company's reusable list of questions (decision 013); interviews copy it at creation. */
export interface QuestionSet {
  uuid: string;
  companyUuid: string;
  name: string;
  createdAt: Date;
  updatedAt: Date;
  /** In position order. */
  questions: QuestionSetQuestion[];
}

export interface QuestionSetQuestion {
  uuid: string;
  /** 0-based, the order of the set's array. */
  position: number;
  text: string;
  timeLimit: number;
  takes: number;
  thinkTime: ThinkTime;
}

/** A question as a create or update sends it; `uuid` (update only) names an existing question of the set. */
export interface QuestionSetQuestionInput {
  uuid?: string;
  text: string;
  timeLimit: number;
  takes: number;
  thinkTime: string;
}

export { DEFAULT_THINK_TIME, isThinkTime, THINK_TIMES, type ThinkTime } from './interview';

export const MAX_TAKES = 5;
export const QUESTION_SET_NAME_MAX = 200;
export const QUESTION_TEXT_MAX = 2000;
export const MAX_QUESTIONS_PER_SET = 50;
/** ListQuestionSets has no paging in the contract: it returns at most this many sets (decision 013). */
export const QUESTION_SET_LIST_CAP = 500;

export function isTimeLimit(value: number): boolean {
  return (TIME_LIMITS as readonly number[]).includes(value);
}

/** -1 (unlimited) or 0 to 5. */
export function isTakes(value: number): boolean {
  return Number.isInteger(value) && (value === UNLIMITED_TAKES || (value >= 0 && value <= MAX_TAKES));
}

/**
 * Every broken rule of a name and a question list, as field errors. The gateway
 * checks the same rules first; these keep the service right on its own.
 */
export function questionSetProblems(input: { name?: string; questions?: QuestionSetQuestionInput[] }): FieldError[] {
  const problems: FieldError[] = [];
  if (input.name !== undefined) {
    const name = input.name.trim();
    if (name.length === 0) problems.push({ field: 'name', reason: 'must not be empty', code: 'too_small' });
    if (name.length > QUESTION_SET_NAME_MAX) problems.push({ field: 'name', reason: `at most ${QUESTION_SET_NAME_MAX} characters`, code: 'too_big' });
  }
  if (input.questions !== undefined) {
    if (input.questions.length === 0) problems.push({ field: 'questions', reason: 'must have at least one question', code: 'too_small' });
    if (input.questions.length > MAX_QUESTIONS_PER_SET) {
      problems.push({ field: 'questions', reason: `at most ${MAX_QUESTIONS_PER_SET} questions`, code: 'too_big' });
    }
    input.questions.forEach((q, i) => {
      const at = `questions.${i}`;
      const text = q.text.trim();
      if (text.length === 0) problems.push({ field: `${at}.text`, reason: 'must not be empty', code: 'too_small' });
      if (text.length > QUESTION_TEXT_MAX) problems.push({ field: `${at}.text`, reason: `at most ${QUESTION_TEXT_MAX} characters`, code: 'too_big' });
      if (!isTimeLimit(q.timeLimit)) problems.push({ field: `${at}.time_limit`, reason: `must be one of ${TIME_LIMITS.join(', ')}`, code: 'invalid_value' });
      if (!isTakes(q.takes)) problems.push({ field: `${at}.takes`, reason: `must be -1 (unlimited) or 0 to ${MAX_TAKES}`, code: 'invalid_value' });
      if (!isThinkTime(q.thinkTime)) problems.push({ field: `${at}.think_time`, reason: `must be one of ${THINK_TIMES.join(', ')}`, code: 'invalid_value' });
    });
  }
  return problems;
}

/** Throws 400 api.validation_failed naming every broken rule. */
export function assertValidQuestionSet(input: { name?: string; questions?: QuestionSetQuestionInput[] }): void {
  const problems = questionSetProblems(input);
  if (problems.length > 0) throw validationFailed(problems);
}

/**
 * The question list an update asks for (decision 013): an item with a uuid
 * updates that question of the set, an item without one adds a question, a
 * question left out is removed; positions follow the array. A uuid that is not
 * one of the set's questions, or that appears twice, is a 400 naming
 * `questions.<i>.uuid`. Call after assertValidQuestionSet.
 */
export function mergeQuestions(current: QuestionSetQuestion[], input: QuestionSetQuestionInput[], newUuid: () => string): QuestionSetQuestion[] {
  const known = new Set(current.map((q) => q.uuid.toLowerCase()));
  const seen = new Set<string>();
  const problems: FieldError[] = [];
  const merged = input.map((item, position): QuestionSetQuestion => {
    if (item.uuid === undefined) return newQuestion(newUuid(), position, item);
    const uuid = item.uuid.toLowerCase();
    if (!known.has(uuid)) problems.push({ field: `questions.${position}.uuid`, reason: 'is not a question of this set', code: 'invalid_value' });
    else if (seen.has(uuid)) problems.push({ field: `questions.${position}.uuid`, reason: 'appears more than once', code: 'invalid_value' });
    seen.add(uuid);
    return newQuestion(uuid, position, item);
  });
  if (problems.length > 0) throw validationFailed(problems);
  return merged;
}

/** The questions of a new set, in the array's order. */
export function newQuestions(input: QuestionSetQuestionInput[], newUuid: () => string): QuestionSetQuestion[] {
  return input.map((item, position) => newQuestion(newUuid(), position, item));
}

function newQuestion(uuid: string, position: number, item: QuestionSetQuestionInput): QuestionSetQuestion {
  return { uuid, position, text: item.text.trim(), timeLimit: item.timeLimit, takes: item.takes, thinkTime: item.thinkTime as ThinkTime };
}
