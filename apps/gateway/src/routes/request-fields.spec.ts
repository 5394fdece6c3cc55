import { AppError } from '@vi/platform-errors';
import { validate } from '../http/validation';
import { questionsSchemas } from './questions.routes';
import { canonicalLanguage, plainNameField } from './request-fields';
import { questionSetsSchemas } from './question-sets.routes';

function fieldErrors(run: () => unknown) {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error.fieldErrors;
    throw error;
  }
  throw new Error('accepted');
}

// A question is the same thing in an interview and in a question set (decision 013): the same value is refused the same way.
describe('a question`s fields, wherever a question is sent', () => {
  const inInterview = (q: Record<string, unknown>) => fieldErrors(() => validate(questionsSchemas.question, q));
  const onUpdate = (q: Record<string, unknown>) => fieldErrors(() => validate(questionsSchemas.updateQuestionBody, q));
  const inSet = (q: Record<string, unknown>) => fieldErrors(() => validate(questionSetsSchemas.createBody, { name: 'Set', questions: [q] }));
  const atTop = (errors: Array<{ field: string }> | undefined) => errors?.map((e) => ({ ...e, field: e.field.replace(/^questions\.0\./, '') }));

  it.each([[45], [0], ['60'], [60.5]])(
    'time_limit %p: invalid_value, "must be one of 30, 60, 90, 120, 160, 180", in interviews and question sets alike',
    (time_limit) => {
      const expected = [{ field: 'time_limit', reason: 'must be one of 30, 60, 90, 120, 160, 180', code: 'invalid_value' }];
      expect(inInterview({ text: 'Q', time_limit })).toEqual(expected);
      expect(onUpdate({ time_limit })).toEqual(expected);
      expect(atTop(inSet({ text: 'Q', time_limit }))).toEqual(expected);
    },
  );

  it('a missing time_limit is refused alike', () => {
    expect(inInterview({ text: 'Q' })).toEqual(atTop(inSet({ text: 'Q' })));
  });

  it.each([[6], [-2], [1.5]])('takes %p is refused alike', (takes) => {
    expect(inInterview({ text: 'Q', time_limit: 60, takes })).toEqual(atTop(inSet({ text: 'Q', time_limit: 60, takes })));
  });

  it.each([['x'], ['1'], [7]])('think_time %p is refused alike', (think_time) => {
    expect(inInterview({ text: 'Q', time_limit: 60, think_time })).toEqual(atTop(inSet({ text: 'Q', time_limit: 60, think_time })));
  });

  it('every allowed time_limit is taken by both', () => {
    for (const time_limit of [30, 60, 90, 120, 160, 180]) {
      expect(validate(questionsSchemas.question, { text: 'Q', time_limit })).toMatchObject({ time_limit });
      expect(validate(questionSetsSchemas.createBody, { name: 'Set', questions: [{ text: 'Q', time_limit }] }).questions[0]).toMatchObject({ time_limit });
    }
  });
});

describe('canonicalLanguage', () => {
  it('answers the canonical tag, or nothing for what is not a tag, the same when asked again', () => {
    for (let round = 0; round < 2; round++) {
      expect(canonicalLanguage('fr-fr')).toBe('fr-FR');
      expect(canonicalLanguage('EN')).toBe('en');
      expect(canonicalLanguage('not a tag')).toBeUndefined();
      expect(canonicalLanguage('')).toBeUndefined();
    }
  });
});

// Issue 38: an open interview's applicant is greeted by name in an email sent to any address.
describe('a plain name', () => {
  const accepted = (name: string) => plainNameField.safeParse(name).success;

  it('takes the names people have, in any script', () => {
    for (const name of [
      'Ada Lovelace',
      "Seán O'Brien",
      'Jean-Luc Picard',
      'J. R. R. Tolkien',
      'Tolkien, J.R.R.',
      'María José Núñez',
      '李小龙',
      'Ngũgĩ wa Thiong’o',
      'Zoë Saldaña',
    ]) {
      expect([name, accepted(name)]).toEqual([name, true]);
    }
  });

  it('refuses a web address, markup, digits and any other sign', () => {
    for (const name of [
      'evil.example',
      'Win at evil.example',
      'http://evil.example',
      'Ada <b>Lovelace</b>',
      'Ada&nbsp;',
      'ada@evil.example',
      'Call +1 555 0100',
      'bit.ly/3xYz',
      'Dr.Evil',
      'Ada 😀',
    ]) {
      expect([name, accepted(name)]).toEqual([name, false]);
    }
  });
});
