import { describe, expect, it } from '@jest/globals';
import { account } from './account';
import { CANDIDATE_LANGUAGES } from './candidate';
import { en } from './en';
import { chooseLanguage, loadEnglishOnly, text } from './texts';
import { ws } from './workspace';

// One module state across these tests, in order: a page's entry loads its parts once, then renders.
describe('text(): the one catalogue a page reads (decision 067)', () => {
  it('says what the page’s entry did not load instead of answering undefined', () => {
    expect(() => text().live).toThrow("text().live: this page's entry did not load it");
    loadEnglishOnly({ workspace: ws });
    // The not-found page: the workspace's part only.
    expect(text().workspace.notFound.heading).toBe('Page not found');
    expect(() => text().common).toThrow('text().common');
    // A candidate page never loads the workspace or the account pages' texts.
    chooseLanguage(CANDIDATE_LANGUAGES.es);
    expect(() => text().account.signIn).toThrow('text().account.signIn');
  });

  it('answers in the language chosen, read anew at each call (a candidate switching language renders again)', () => {
    chooseLanguage(en);
    expect(text().live.mute).toBe(en.live.mute);
    chooseLanguage(CANDIDATE_LANGUAGES.fr);
    expect(text().lang).toBe('fr');
    expect(text().live.mute).toBe(CANDIDATE_LANGUAGES.fr.live.mute);
  });

  it('gives the English-only parts in English whatever the language chosen', () => {
    loadEnglishOnly({ account });
    chooseLanguage(CANDIDATE_LANGUAGES.de);
    expect(text().lang).toBe('de');
    expect(text().workspace.nav.jobs).toBe('Jobs');
    expect(text().account.signIn).toBe('Sign in');
  });
});
