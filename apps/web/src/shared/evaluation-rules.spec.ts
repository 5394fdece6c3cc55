import { describe, expect, it } from '@jest/globals';
import { averageText, evaluationBody, refusedKind } from './evaluation-rules';

const A = '6f1c2d9e-0000-4000-8000-00000000000a';

describe('the evaluation form’s rules', () => {
  it('saves everything the form holds: a cleared control clears its field, a blank note is none', () => {
    const sut = evaluationBody({ ratings: new Map([[A, 4]]), recommendation: null, overall: null, note: '  ' });
    expect(sut).toEqual({ recommendation: null, overall_rating: null, ratings: [{ criterion_uuid: A, rating: 4 }], note: null });
    expect(evaluationBody({ ratings: new Map(), recommendation: 'yes', overall: 5, note: 'Clear.' })).toEqual({
      recommendation: 'yes',
      overall_rating: 5,
      ratings: [],
      note: 'Clear.',
    });
  });

  it('says a refused field’s sentence by what it is', () => {
    expect([`ratings.${A}`, 'ratings.0.criterion_uuid', 'recommendation', 'overall_rating', 'note', 'other'].map(refusedKind)).toEqual([
      'rating',
      'rating',
      'recommendation',
      'overall',
      'note',
      'field',
    ]);
  });

  it('writes averages in the page’s language', () => {
    expect([averageText(4.5, 'en'), averageText(4, 'en'), averageText(3.25, 'de')]).toEqual(['4.5', '4', '3,25']);
  });
});
