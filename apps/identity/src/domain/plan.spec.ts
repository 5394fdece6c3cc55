import { isDowngrade, remainingOf, renewsAt, type PlanDefinition } from './plan';

describe('plan rules', () => {
  it('counts remaining slots with paid extras, never below zero, -1 unlimited', () => {
    expect(remainingOf(2, 1)).toBe(1);
    expect(remainingOf(2, 3)).toBe(0);
    expect(remainingOf(2, 2, 1)).toBe(1);
    expect(remainingOf(-1, 500)).toBe(-1);
  });

  it('renews at the next monthly anniversary', () => {
    const started = new Date('2026-01-15T09:00:00Z');
    expect(renewsAt(started, new Date('2026-01-20T00:00:00Z')).toISOString()).toBe('2026-02-15T09:00:00.000Z');
    expect(renewsAt(started, new Date('2026-11-22T00:00:00Z')).toISOString()).toBe('2026-12-15T09:00:00.000Z');
  });

  it('tells a downgrade by rank', () => {
    const plan = (rank: number): PlanDefinition => ({ code: `p${rank}`, name: '', rank, jobsLimit: 1, usersLimit: 1, features: {} });
    expect(isDowngrade(plan(2), plan(1))).toBe(true);
    expect(isDowngrade(plan(1), plan(2))).toBe(false);
  });
});
