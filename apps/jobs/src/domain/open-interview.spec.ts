import type { OpenInterview } from './job';
import { acceptsApplications, applicationDay, applicationDueAt, emailKey, expiresAtProblem } from './open-interview';

const now = new Date('2026-11-27T10:00:00Z');
const open: OpenInterview = {
  uuid: 'o',
  status: 'active',
  expiresAt: new Date('2026-12-27T10:00:00Z'),
  questions: [],
  createdBy: 'u',
  applicationsPerDay: 200,
};

describe('open interviews', () => {
  it('accept applications only while active, unexpired and on an active job', () => {
    expect(acceptsApplications(open, 'active', now)).toBe(true);
    expect(acceptsApplications(null, 'active', now)).toBe(false);
    expect(acceptsApplications({ ...open, status: 'inactive' }, 'active', now)).toBe(false);
    expect(acceptsApplications(open, 'inactive', now)).toBe(false);
    expect(acceptsApplications(open, 'active', open.expiresAt)).toBe(false);
  });

  it('make an application due after the configured days, never after the end date', () => {
    expect(applicationDueAt(now, 7, open.expiresAt)).toEqual(new Date('2026-12-04T10:00:00Z'));
    expect(applicationDueAt(now, 60, open.expiresAt)).toEqual(open.expiresAt);
  });

  it('know an applicant by a hash of their email, whatever its case', () => {
    expect(emailKey(' Ann@Example.COM')).toBe(emailKey('ann@example.com'));
    expect(emailKey('ann@example.com')).toMatch(/^[0-9a-f]{64}$/);
    expect(emailKey('ann@example.com')).not.toBe(emailKey('bob@example.com'));
  });

  it('take an end date in the future and within a year', () => {
    expect(expiresAtProblem(new Date('2026-11-27T09:00:00Z'), now)).toBe('must be in the future');
    expect(expiresAtProblem(new Date('2027-11-28T10:00:00Z'), now)).toBe('must be within 1 year');
    expect(expiresAtProblem(open.expiresAt, now)).toBeNull();
  });

  it('counts applications per UTC day, and says how long until the next one begins', () => {
    expect(applicationDay(now)).toEqual({ day: '2026-11-27', secondsLeft: 14 * 3600 });
    expect(applicationDay(new Date('2026-12-31T23:59:59.500Z'))).toEqual({ day: '2026-12-31', secondsLeft: 1 });
    expect(applicationDay(new Date('2027-01-01T00:00:00Z'))).toEqual({ day: '2027-01-01', secondsLeft: 24 * 3600 });
  });
});
