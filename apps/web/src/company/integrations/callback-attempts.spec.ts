import { describe, expect, it } from '@jest/globals';
import { ws } from '../../i18n/workspace';
import { callbackOutcome, foldAttempts } from './callback-attempts';

describe('a callback attempt as the Integrations page says it', () => {
  it('is delivered on any 2xx, refused with the status otherwise, and "No answer" without one (a network error)', () => {
    expect(callbackOutcome({ status_code: 204 }, ws.ats)).toEqual({ delivered: true, sentence: 'Delivered (204)' });
    expect(callbackOutcome({ status_code: 299 }, ws.ats).delivered).toBe(true);
    expect(callbackOutcome({ status_code: 302 }, ws.ats)).toEqual({ delivered: false, sentence: 'Refused (302)' });
    expect(callbackOutcome({ status_code: 503 }, ws.ats)).toEqual({ delivered: false, sentence: 'Refused (503)' });
    expect(callbackOutcome({ status_code: null }, ws.ats)).toEqual({ delivered: false, sentence: 'No answer' });
  });

  it('shows the last three attempts of a row and folds the earlier ones, oldest first', () => {
    expect(foldAttempts([1, 2])).toEqual({ earlier: [], recent: [1, 2] });
    expect(foldAttempts([1, 2, 3])).toEqual({ earlier: [], recent: [1, 2, 3] });
    expect(foldAttempts([1, 2, 3, 4, 5])).toEqual({ earlier: [1, 2], recent: [3, 4, 5] });
    expect(ws.ats.earlierCallbacks(1)).toBe('1 earlier attempt');
    expect(ws.ats.earlierCallbacks(2)).toBe('2 earlier attempts');
  });
});
