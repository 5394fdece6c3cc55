import { describe, expect, it } from '@jest/globals';
import { CANDIDATE_LANGUAGES, pickLanguage } from './candidate';
import { en } from './en';

/** Each leaf as `path: kind` (a function with its arity, an array with its length), so a missing or odd key shows. */
function shape(value: unknown, path: string): string[] {
  if (typeof value === 'function') return [`${path}: function/${value.length}`];
  if (Array.isArray(value)) return [`${path}: array/${value.length}`, ...value.flatMap((item, i) => shape(item, `${path}[${i}]`))];
  if (value !== null && typeof value === 'object') return Object.entries(value).flatMap(([key, child]) => shape(child, `${path}.${key}`));
  return [`${path}: ${typeof value}`];
}

function blanks(value: unknown, path: string): string[] {
  if (typeof value === 'string') return value.trim() === '' ? [path] : [];
  if (value !== null && typeof value === 'object') return Object.entries(value).flatMap(([key, child]) => blanks(child, `${path}.${key}`));
  return [];
}

describe('candidate languages', () => {
  // Every key of `en` (the shape of `CandidateTexts`) must exist, of the same kind, in every language.
  const english = shape(en, '');

  it.each(Object.entries(CANDIDATE_LANGUAGES))('%s has every candidate-facing key of English, of the same kind, and no empty sentence', (lang, messages) => {
    const sut = shape(messages, '');
    expect(sut).toEqual(english);
    expect(blanks(messages, lang)).toEqual([]);
    expect(messages.lang).toBe(lang);
  });

  it('writes numbers and durations in the language, not in English', () => {
    expect(CANDIDATE_LANGUAGES.es.common.duration(90)).toBe('1 minuto y 30 segundos');
    expect(CANDIDATE_LANGUAGES.fr.common.duration(60)).toBe('1\u00a0minute');
    // A day's wait in hours and minutes, not '1435 minutes'; seconds are left out past an hour.
    expect(CANDIDATE_LANGUAGES.en.common.duration(86_100 + 59)).toBe('23 hours 55 minutes');
    expect(CANDIDATE_LANGUAGES.de.common.duration(7200)).toBe('2 Stunden');
    expect(CANDIDATE_LANGUAGES.es.common.duration(3660)).toBe('1 hora y 1 minuto');
    expect(CANDIDATE_LANGUAGES.de.question.takesLeft(2)).toBe('Noch 2 Versuche');
  });

  it('picks the candidate’s earlier choice, else the first browser language it speaks, else English', () => {
    expect(pickLanguage(['es-ES', 'en'], null)).toBe('es');
    expect(pickLanguage(['pt-BR', 'fr-CA', 'en'], null)).toBe('fr');
    expect(pickLanguage(['de-AT'], 'es')).toBe('es');
    expect(pickLanguage(['ja'], null)).toBe('en');
    // The interview's language only when the browser names none we speak.
    expect(pickLanguage(['ja'], null, 'de-AT')).toBe('de');
    expect(pickLanguage(['fr'], null, 'de')).toBe('fr');
    expect(pickLanguage(['pt'], null, 'pt-BR')).toBe('en');
  });
});
