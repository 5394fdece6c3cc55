export type WebhookStatus = 'active' | 'failing' | 'disabled';

export interface HealthThresholds {
  /** Failures within the window that mark a webhook failing (15). */
  failingThreshold: number;
  /** The window failures are counted in (48 h). */
  failingWindowMs: number;
  /** How long a webhook may stay failing before the next failure disables it (72 h). */
  disableAfterMs: number;
}

export interface HealthState {
  status: WebhookStatus;
  failingSince: Date | null;
}

/** A success clears the failing state (a disabled webhook gets no deliveries, so it stays disabled). */
export function healthAfterSuccess(state: HealthState): HealthState {
  return state.status === 'disabled' ? state : { status: 'active', failingSince: null };
}

/**
 * After a failed attempt: `recentFailures` failures (this one included) since
 * the window began or the last success, whichever is later. 410 Gone disables at once.
 */
export function healthAfterFailure(
  state: HealthState,
  failure: { recentFailures: number; gone: boolean; now: Date },
  thresholds: HealthThresholds,
): HealthState {
  if (state.status === 'disabled') return state;
  if (failure.gone) return { status: 'disabled', failingSince: state.failingSince };
  if (state.status === 'failing') {
    const failingFor = failure.now.getTime() - (state.failingSince ?? failure.now).getTime();
    return failingFor >= thresholds.disableAfterMs ? { status: 'disabled', failingSince: state.failingSince } : state;
  }
  return failure.recentFailures >= thresholds.failingThreshold ? { status: 'failing', failingSince: failure.now } : state;
}

/** Failures count from the later of the window's start and the last success (or re-enabling). */
export function failuresCountedSince(now: Date, countedFrom: Date, thresholds: HealthThresholds): Date {
  return new Date(Math.max(now.getTime() - thresholds.failingWindowMs, countedFrom.getTime()));
}
