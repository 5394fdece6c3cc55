import { describe, expect, it } from '@jest/globals';
import { de } from '../i18n/de';
import { en } from '../i18n/en';
import { chooseLanguage } from '../i18n/texts';
import { refusalHeading } from './refusal-heading';

describe("the heading above the live room's refusal", () => {
  it('says the interview has ended only when it has, in the page language', () => {
    chooseLanguage(en);
    for (const code of ['api.interview_already_completed', 'api.interview_already_canceled', 'api.interview_expired']) {
      expect(refusalHeading(code)).toBe('The interview has ended');
    }
    chooseLanguage(de);
    expect(refusalHeading('api.interview_already_completed')).toBe('Das Interview ist beendet');
  });

  it('says the page is out of the call when the interview goes on: not open yet, joined elsewhere, full, a service down', () => {
    chooseLanguage(en);
    for (const code of ['api.interview_join_not_open', 'api.live_call_joined_elsewhere', 'api.live_call_full', 'api.service_unavailable']) {
      expect(refusalHeading(code)).toBe('You are not in the call');
    }
    chooseLanguage(de);
    expect(refusalHeading('api.live_call_full')).toBe('Sie sind nicht im Gespräch');
  });
});
