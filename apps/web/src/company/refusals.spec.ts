import { describe, expect, it } from '@jest/globals';
import { en } from '../i18n/en';
import { chooseLanguage, loadEnglishOnly } from '../i18n/texts';
import { ws } from '../i18n/workspace';
import { ApiError } from '../shared/api';
import { refusalSentence } from './refusals';

describe("the workspace's refusal sentences", () => {
  chooseLanguage(en);
  loadEnglishOnly({ workspace: ws });
  const tooMany = (retryAfter: number) => refusalSentence(new ApiError(429, 'api.too_many_requests', [], retryAfter));

  it('says a 429 wait as people say it: seconds within a minute, then minutes, then hours and minutes', () => {
    expect(tooMany(1)).toBe('Too many requests. Try again in 1 second.');
    expect(tooMany(45)).toBe('Too many requests. Try again in 45 seconds.');
    expect(tooMany(90)).toBe('Too many requests. Try again in 1 minute 30 seconds.');
    expect(tooMany(3900)).toBe('Too many requests. Try again in 1 hour 5 minutes.');
  });

  it('says a 503 as a part of the service not answering, and what is no refusal of the API as unexpected', () => {
    expect(refusalSentence(new ApiError(503, 'api.service_unavailable'))).toBe(ws.refusals.byStatus[503]);
    expect(refusalSentence(new Error('boom'))).toBe(ws.refusals.unexpected);
  });
});
