import { describe, expect, it } from '@jest/globals';
import { mayEditScorecard, scorecardBody } from './scorecard-editor';
import type { Workspace } from './ui/frame';

describe('the scorecard editor', () => {
  it('names the criteria that existed by their uuid, so they keep it; a new one has none', () => {
    const sut = scorecardBody(
      [
        { uuid: 'c-1', name: 'Clear communication', description: '' },
        { name: 'Ownership', description: 'Takes things through' },
      ],
      'always',
    );
    expect(sut).toEqual({
      criteria: [
        { uuid: 'c-1', name: 'Clear communication', description: '' },
        { name: 'Ownership', description: 'Takes things through' },
      ],
      visibility: 'always',
    });
  });

  it('lets administrators and the job’s creator change it, and nobody else', () => {
    const user = (role: 'administrator' | 'standard', uuid: string) => ({ role, me: { uuid } }) as unknown as Workspace;
    const job = { created_by: { uuid: 'creator' } } as Parameters<typeof mayEditScorecard>[1];
    expect(mayEditScorecard(user('administrator', 'someone'), job)).toBe(true);
    expect(mayEditScorecard(user('standard', 'creator'), job)).toBe(true);
    expect(mayEditScorecard(user('standard', 'someone'), job)).toBe(false);
    expect(mayEditScorecard(user('standard', 'someone'), { created_by: null })).toBe(false);
  });
});
