import { CANDIDATE_TEXTS, writtenLanguageOf } from '.';
import { en } from './en';

/** Each leaf as `path: kind` (a function with its arity), so a missing or odd key shows (as the pages' candidate.spec.ts). */
function shape(value: unknown, path: string): string[] {
  if (typeof value === 'function') return [`${path}: function/${value.length}`];
  if (value !== null && typeof value === 'object') return Object.entries(value).flatMap(([key, child]) => shape(child, `${path}.${key}`));
  return [`${path}: ${typeof value}`];
}

/** Every sentence of a module, its functions called with placeholder arguments. */
function sentences(value: unknown, path: string): Array<[string, string]> {
  if (typeof value === 'string') return [[path, value]];
  if (typeof value === 'function') return [[path, String((value as (...a: string[]) => unknown)(...Array.from({ length: value.length }, (_, i) => `«${i}»`)))]];
  if (value !== null && typeof value === 'object') return Object.entries(value).flatMap(([key, child]) => sentences(child, `${path}.${key}`));
  return [];
}

describe("the job seeker's email, SMS and calendar text in every language (decision 047)", () => {
  const english = shape(en, 'text');

  it.each(Object.entries(CANDIDATE_TEXTS))('%s has every key of English, of the same kind, and no empty sentence', (lang, text) => {
    expect(shape(text, 'text')).toEqual(english);
    expect(sentences(text, lang).filter(([, sentence]) => sentence.trim() === '')).toEqual([]);
    expect(text.lang).toBe(lang);
  });

  it.each(Object.entries(CANDIDATE_TEXTS).filter(([lang]) => lang !== 'en'))(
    '%s uses every argument English uses, and is translated (no sentence left in English)',
    (_lang, text) => {
      const own = new Map(sentences(text, 'text'));
      for (const [path, sentence] of sentences(en, 'text')) {
        const translated = own.get(path)!;
        // A dropped company, job, time or link would leave the candidate without it.
        for (const placeholder of sentence.match(/«\d»/g) ?? []) expect({ path, has: translated.includes(placeholder) }).toEqual({ path, has: true });
        // Sentences made only of placeholders and punctuation may read the same in every language.
        if (/[a-z]{3}/i.test(sentence.replace(/«\d»/g, ''))) expect({ path, same: translated === sentence }).toEqual({ path, same: false });
      }
    },
  );

  it('reads a language from an IETF tag, English for one it does not write', () => {
    expect(writtenLanguageOf('es-MX')).toBe('es');
    expect(writtenLanguageOf('FR')).toBe('fr');
    expect(writtenLanguageOf('pt-BR')).toBe('en');
    expect(writtenLanguageOf(undefined)).toBe('en');
  });
});
