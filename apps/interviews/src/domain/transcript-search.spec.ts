import { likePatternOf, textSearchConfigOf } from './transcript-search';

describe('textSearchConfigOf', () => {
  it("picks the stemmer of the interview's language by its primary subtag, simple for any other", () => {
    expect(['en', 'en-GB', 'es-419', 'fr-CA', 'DE', 'pt-BR', 'ja', 'und'].map(textSearchConfigOf)).toEqual([
      'english',
      'english',
      'spanish',
      'french',
      'german',
      'simple',
      'simple',
      'simple',
    ]);
  });
});

describe('likePatternOf', () => {
  it('takes the wildcards and the escape character literally', () => {
    expect(likePatternOf('ana')).toBe('%ana%');
    expect(likePatternOf('100%_sure\\')).toBe('%100\\%\\_sure\\\\%');
  });
});
