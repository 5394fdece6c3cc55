/** The languages written to candidates (pages, emails, SMS), each by its own name: a reader finds theirs whatever the page speaks now. */
export const LANGUAGE_NAMES = { en: 'English', es: 'Español', fr: 'Français', de: 'Deutsch' } as const;
export type WrittenLanguage = keyof typeof LANGUAGE_NAMES;

/** The language of an IETF tag ("fr-CA" → "fr") when it is one we write, else undefined. */
export function writtenLanguageOf(tag: string | null | undefined): WrittenLanguage | undefined {
  const base = (tag ?? '').toLowerCase().split('-')[0];
  return base in LANGUAGE_NAMES ? (base as WrittenLanguage) : undefined;
}
