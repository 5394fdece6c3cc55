import { failuresCountedSince, healthAfterFailure, healthAfterSuccess, type HealthState } from './webhook-health';

const thresholds = { failingThreshold: 15, failingWindowMs: 48 * 3600_000, disableAfterMs: 72 * 3600_000 };
const at = (hours: number) => new Date(Date.UTC(2026, 0, 1) + hours * 3600_000);
const active: HealthState = { status: 'active', failingSince: null };

describe('webhook health', () => {
  it('stays active below 15 failures in the window, becomes failing at 15', () => {
    expect(healthAfterFailure(active, { recentFailures: 14, gone: false, now: at(1) }, thresholds)).toEqual(active);
    expect(healthAfterFailure(active, { recentFailures: 15, gone: false, now: at(1) }, thresholds)).toEqual({ status: 'failing', failingSince: at(1) });
  });

  it('disables a failing webhook at the first failure 72 hours after it began failing', () => {
    const failing: HealthState = { status: 'failing', failingSince: at(0) };
    expect(healthAfterFailure(failing, { recentFailures: 40, gone: false, now: at(71.9) }, thresholds)).toEqual(failing);
    expect(healthAfterFailure(failing, { recentFailures: 40, gone: false, now: at(72) }, thresholds)).toEqual({ status: 'disabled', failingSince: at(0) });
  });

  it('disables at once on 410 Gone, and a disabled webhook stays disabled', () => {
    expect(healthAfterFailure(active, { recentFailures: 1, gone: true, now: at(0) }, thresholds).status).toBe('disabled');
    const disabled: HealthState = { status: 'disabled', failingSince: at(0) };
    expect(healthAfterFailure(disabled, { recentFailures: 99, gone: false, now: at(200) }, thresholds)).toBe(disabled);
    expect(healthAfterSuccess(disabled)).toBe(disabled);
  });

  it('a success clears the failing state', () => {
    expect(healthAfterSuccess({ status: 'failing', failingSince: at(0) })).toEqual(active);
    expect(healthAfterSuccess(active)).toEqual(active);
  });

  it('counts failures since the later of the window start and the last success', () => {
    expect(failuresCountedSince(at(100), at(10), thresholds)).toEqual(at(52));
    expect(failuresCountedSince(at(100), at(90), thresholds)).toEqual(at(90));
  });
});
