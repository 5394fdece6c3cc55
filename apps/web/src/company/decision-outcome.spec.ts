import { describe, expect, it } from '@jest/globals';
import { ws } from '../i18n/workspace';
import { decisionOutcome } from './decision-outcome';

describe('decisionOutcome', () => {
  const names: Record<string, string> = { a: 'Eva Español', b: 'Franz Deutsch', c: 'Pat Pending', d: 'Olga Other' };
  const nameOf = (uuid: string) => names[uuid];

  it('names the candidates decided, not evaluable yet and not found, in that order', () => {
    const sut = decisionOutcome(
      [
        { uuid: 'c', status: 409 },
        { uuid: 'a', status: 200 },
        { uuid: 'd', status: 404 },
        { uuid: 'b', status: 200 },
      ],
      nameOf,
      ws.decisions.done.reject,
      ws.decisions.outcome,
    );
    expect(sut).toBe('Rejected: Eva Español, Franz Deutsch. Not evaluable yet: Pat Pending. Not found: Olga Other.');
  });

  it('says only what happened', () => {
    expect(decisionOutcome([{ uuid: 'a', status: 200 }], nameOf, ws.decisions.done.hold, ws.decisions.outcome)).toBe('Put on hold: Eva Español.');
  });
});
