import type { account } from './account';
import type { en } from './en';
import type { WrittenLanguage } from './language-names';
import type { ws } from './workspace';

/**
 * What candidates read, in each of their languages (en, es, fr, de): the invitation's pages, the share and apply
 * pages, the live call (which company users see in English). `en.ts` gives the shape; a language that misses a key
 * fails the type check and the unit spec (candidate.spec.ts).
 */
export type CandidateTexts = Omit<typeof en, 'lang'> & { lang: WrittenLanguage };

/** The parts written in English only (decision 042), loaded only by the pages that show them (`loadEnglishOnly`). */
export interface EnglishOnlyTexts {
  /** The company user's account pages (sign in, choose a password). */
  account: typeof account;
  /** The company workspace. */
  workspace: typeof ws;
}

/**
 * One language's catalogue, the one type every page reads through `text()` (texts.ts, decision 067): the candidate
 * texts in the page's language, beside the English-only parts, which are the same English in every language.
 */
export type Catalogue = CandidateTexts & EnglishOnlyTexts;
