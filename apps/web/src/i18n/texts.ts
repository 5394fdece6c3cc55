import type { CandidateTexts, Catalogue, EnglishOnlyTexts } from './catalogue';

/**
 * The one way to look a text up (decision 067): `text().live.mute`, `text().workspace.jobs.heading`. Each page's
 * entry says once what its catalogue holds, and imports only that: the candidate texts in its language
 * (`chooseLanguage`; candidate.ts picks the candidate's) and the English-only parts it shows (`loadEnglishOnly`).
 * No DOM here: candidate.ts sets `<html lang>`.
 */

let language: CandidateTexts | undefined;
let englishOnly: Partial<EnglishOnlyTexts> = {};
let current: Catalogue | undefined;

/** Reading a part the page's entry did not load is a mistake of the page's code: said at once, never `undefined`. */
function notLoaded(what: string): never {
  throw new Error(`text().${what}: this page's entry did not load it (chooseLanguage or loadEnglishOnly, decision 067)`);
}

function assemble(): Catalogue {
  const parts = {
    account: englishOnly.account ?? new Proxy({}, { get: (_, key) => notLoaded(`account.${String(key)}`) }),
    workspace: englishOnly.workspace ?? new Proxy({}, { get: (_, key) => notLoaded(`workspace.${String(key)}`) }),
  } as EnglishOnlyTexts;
  if (language) return { ...language, ...parts };
  return new Proxy(parts, { get: (target, key) => (key in target ? target[key as keyof EnglishOnlyTexts] : notLoaded(String(key))) }) as Catalogue;
}

/**
 * The page's catalogue. Read it when rendering (not once at import): a candidate page can change its language and
 * render again.
 */
export function text(): Catalogue {
  current ??= assemble();
  return current;
}

/** The page's language: English on company and account pages, the candidate's on theirs (candidate.ts `useLanguage`). */
export function chooseLanguage(texts: CandidateTexts): void {
  language = texts;
  current = undefined;
}

/**
 * The English-only parts a page shows (company/main.ts the workspace, account/main.ts the account pages'), so that the
 * candidate pages, which never show them, never load them.
 */
export function loadEnglishOnly(parts: Partial<EnglishOnlyTexts>): void {
  englishOnly = { ...englishOnly, ...parts };
  current = undefined;
}
