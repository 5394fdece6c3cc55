import { outcomeOf } from './callback';

const policy = { scheduleMs: [5_000, 300_000], retryAfterMaxMs: 86_400_000 };
const now = new Date('2026-03-01T10:00:00Z');
const noJitter = () => 0.5;

describe('after a callback attempt', () => {
  it('a 2xx delivers; a 4xx other than 429 ends it (sending it again changes nothing)', () => {
    expect(outcomeOf({ ok: true, statusCode: 204, durationMs: 1 }, 1, policy, now)).toEqual({ kind: 'delivered' });
    expect(outcomeOf({ ok: false, statusCode: 404, durationMs: 1 }, 1, policy, now)).toEqual({ kind: 'given_up' });
    expect(outcomeOf({ ok: false, statusCode: 301, durationMs: 1 }, 1, policy, now)).toEqual({ kind: 'given_up' });
  });

  it('retries a network error, a 429 or a 5xx on the schedule, honouring Retry-After, until the schedule is used up', () => {
    expect(outcomeOf({ ok: false, error: 'ECONNREFUSED', durationMs: 1 }, 1, policy, now, noJitter)).toEqual({
      kind: 'retry',
      at: new Date(now.getTime() + 5_000),
    });
    expect(outcomeOf({ ok: false, statusCode: 429, retryAfterMs: 60_000, durationMs: 1 }, 1, policy, now, noJitter)).toEqual({
      kind: 'retry',
      at: new Date(now.getTime() + 60_000),
    });
    expect(outcomeOf({ ok: false, statusCode: 503, durationMs: 1 }, 2, policy, now, noJitter)).toEqual({
      kind: 'retry',
      at: new Date(now.getTime() + 300_000),
    });
    expect(outcomeOf({ ok: false, statusCode: 503, durationMs: 1 }, 3, policy, now)).toEqual({ kind: 'given_up' });
  });
});
