import { el } from '../shared/dom';
import { de } from './de';
import type { CandidateTexts } from './catalogue';
import { en } from './en';
import { es } from './es';
import { fr } from './fr';
import { LANGUAGE_NAMES, writtenLanguageOf, type WrittenLanguage } from './language-names';
import { chooseLanguage, text } from './texts';

/**
 * The candidate-facing pages (the invitation's recorder and the share page) speak the candidate's language:
 * English, Spanish, French or German, each a module of this shape (a unit spec fails when one misses a key).
 * Company pages stay English (decision 042).
 */
export const CANDIDATE_LANGUAGES = { en, es, fr, de } as const satisfies Record<WrittenLanguage, CandidateTexts>;
export type CandidateLanguage = keyof typeof CANDIDATE_LANGUAGES;
export { LANGUAGE_NAMES };

const CHOICE_KEY = 'vi-candidate:language';

const supported: (tag: string | null | undefined) => CandidateLanguage | undefined = writtenLanguageOf;

/**
 * The candidate's earlier choice on this browser, else the first of the browser's languages we speak, else the
 * interview's `language` (the one its emails were written in) when we speak it, else English.
 */
export function pickLanguage(browserLanguages: readonly string[], stored: string | null, interviewLanguage?: string): CandidateLanguage {
  return supported(stored) ?? browserLanguages.map(supported).find((lang) => lang !== undefined) ?? supported(interviewLanguage) ?? 'en';
}

function storedChoice(): string | null {
  try {
    return window.localStorage.getItem(CHOICE_KEY);
  } catch {
    return null;
  }
}

/** Sets the page's language (its messages, `<html lang>` for dates and screen readers). */
export function useLanguage(lang: CandidateLanguage): void {
  chooseLanguage(CANDIDATE_LANGUAGES[lang]);
  document.documentElement.lang = lang;
}

/** At start: the language the candidate chose before, or their browser's; once the interview is read, its language is the fallback. */
export function useBrowserLanguage(interviewLanguage?: string): void {
  useLanguage(pickLanguage(navigator.languages ?? [navigator.language], storedChoice(), interviewLanguage));
}

/** A visible, labelled language switcher; choosing remembers the choice on this browser and renders the page again. */
export function languageSwitcher(rerender: () => void): HTMLElement {
  const select = el('select', { id: 'language', name: 'language' });
  for (const [lang, name] of Object.entries(LANGUAGE_NAMES)) select.append(el('option', { value: lang, lang, selected: lang === text().lang }, name));
  select.addEventListener('change', () => {
    const lang = supported(select.value) ?? 'en';
    try {
      window.localStorage.setItem(CHOICE_KEY, lang);
    } catch {
      // Not remembered (storage refused): the page still switches.
    }
    useLanguage(lang);
    rerender();
    // The page was drawn again: a keyboard or screen reader user stays on the switcher they just used.
    document.querySelector<HTMLSelectElement>('select#language')?.focus();
  });
  return el('p', { class: 'language' }, el('label', { for: 'language' }, `${text().language.label} `), select);
}
