import type { AppError } from '@vi/platform-errors';
import {
  DEFAULT_THINK_TIME,
  isTakes,
  isThinkTime,
  isTimeLimit,
  mergeQuestions,
  newQuestions,
  questionSetProblems,
  assertValidQuestionSet,
  type QuestionSetQuestion,
  type QuestionSetQuestionInput,
} from './question-set';

const input = (overrides: Partial<QuestionSetQuestionInput> = {}): QuestionSetQuestionInput => ({
  text: 'Tell us about yourself',
  timeLimit: 60,
  takes: -1,
  thinkTime: '30',
  ...overrides,
});

const counter = () => {
  let n = 0;
  return () => `new-${++n}`;
};

const fieldsOf = (fn: () => unknown): string[] => {
  try {
    fn();
  } catch (error) {
    expect((error as AppError).code).toBe('api.validation_failed');
    return ((error as AppError).fieldErrors ?? []).map((e) => e.field);
  }
  return [];
};

describe('question set rules', () => {
  it('allows the documented time limits only', () => {
    for (const ok of [30, 60, 90, 120, 160, 180]) expect(isTimeLimit(ok)).toBe(true);
    for (const bad of [0, 15, 45, 150, 181, 30.5]) expect(isTimeLimit(bad)).toBe(false);
  });

  it('allows takes -1 (unlimited) or 0 to 5', () => {
    for (const ok of [-1, 0, 1, 5]) expect(isTakes(ok)).toBe(true);
    for (const bad of [-2, 6, 1.5]) expect(isTakes(bad)).toBe(false);
  });

  it('allows think times of whole seconds from a fixed list; "30" by default', () => {
    for (const ok of ['0', '15', '30', '45', '60', '90', '120', '180']) expect(isThinkTime(ok)).toBe(true);
    for (const bad of ['', '10', '30s', ' 30', '030', '300']) expect(isThinkTime(bad)).toBe(false);
    expect(DEFAULT_THINK_TIME).toBe('30');
  });

  it('names every broken rule by its JSON path', () => {
    const sut = questionSetProblems({
      name: '  ',
      questions: [input(), input({ timeLimit: 45, takes: 6, thinkTime: '10', text: '' }), input({ text: 'x'.repeat(2001) })],
    });
    expect(sut.map((p) => p.field)).toEqual([
      'name',
      'questions.1.text',
      'questions.1.time_limit',
      'questions.1.takes',
      'questions.1.think_time',
      'questions.2.text',
    ]);
    expect(fieldsOf(() => assertValidQuestionSet({ questions: [] }))).toEqual(['questions']);
    expect(fieldsOf(() => assertValidQuestionSet({ questions: Array.from({ length: 51 }, () => input()) }))).toEqual(['questions']);
    expect(fieldsOf(() => assertValidQuestionSet({ name: 'n'.repeat(201) }))).toEqual(['name']);
    expect(fieldsOf(() => assertValidQuestionSet({ name: 'Ok', questions: Array.from({ length: 50 }, () => input()) }))).toEqual([]);
  });

  it('numbers new questions in array order, ignoring any uuid sent', () => {
    const sut = newQuestions([input({ text: 'a', uuid: 'ignored' }), input({ text: ' b ' })], counter());
    expect(sut).toEqual([
      { uuid: 'new-1', position: 0, text: 'a', timeLimit: 60, takes: -1, thinkTime: '30' },
      { uuid: 'new-2', position: 1, text: 'b', timeLimit: 60, takes: -1, thinkTime: '30' },
    ]);
  });

  describe('merging an update', () => {
    const current: QuestionSetQuestion[] = [
      { uuid: 'q-a', position: 0, text: 'A', timeLimit: 30, takes: 1, thinkTime: '0' },
      { uuid: 'q-b', position: 1, text: 'B', timeLimit: 60, takes: 2, thinkTime: '15' },
      { uuid: 'q-c', position: 2, text: 'C', timeLimit: 90, takes: 3, thinkTime: '30' },
    ];

    it('updates by uuid, adds items without one, drops the rest; positions follow the array', () => {
      const sut = mergeQuestions(
        current,
        [input({ uuid: 'Q-C', text: 'C2', timeLimit: 180 }), input({ text: 'New' }), input({ uuid: 'q-a', text: 'A' })],
        counter(),
      );
      expect(sut).toEqual([
        { uuid: 'q-c', position: 0, text: 'C2', timeLimit: 180, takes: -1, thinkTime: '30' },
        { uuid: 'new-1', position: 1, text: 'New', timeLimit: 60, takes: -1, thinkTime: '30' },
        { uuid: 'q-a', position: 2, text: 'A', timeLimit: 60, takes: -1, thinkTime: '30' },
      ]);
    });

    it('refuses a uuid that is not in the set, or one sent twice, naming the item', () => {
      expect(fieldsOf(() => mergeQuestions(current, [input(), input({ uuid: 'q-zzz' })], counter()))).toEqual(['questions.1.uuid']);
      expect(fieldsOf(() => mergeQuestions(current, [input({ uuid: 'q-b' }), input({ uuid: 'q-b' })], counter()))).toEqual(['questions.1.uuid']);
    });
  });
});
