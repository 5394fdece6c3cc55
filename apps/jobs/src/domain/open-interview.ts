import { createHash } from 'node:crypto';
import type { JobStatus, OpenInterview } from './job';

/** Without one set, an open interview takes this many applications a day (decision 045). */
export const DEFAULT_APPLICATIONS_PER_DAY = 200;

/** The UTC day an application counts in, and the seconds until the next one begins (when a link at its cap takes applications again). */
export function applicationDay(now: Date): { day: string; secondsLeft: number } {
  const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return { day: now.toISOString().slice(0, 10), secondsLeft: Math.max(1, Math.ceil((next - now.getTime()) / 1000)) };
}

/** A repeat application re-sends the invitation at most this often. */
export const RESEND_INTERVAL_MS = 10 * 60_000;

/** A claimed application whose interview was never attached (its creation failed midway) may be claimed again after this. */
export const STALE_CLAIM_MS = 60_000;

function yearAfter(at: Date): Date {
  const later = new Date(at);
  later.setUTCFullYear(at.getUTCFullYear() + 1);
  return later;
}

/** The end date's rule: in the future and within a year, as an interview's due time. */
export function expiresAtProblem(at: Date, now: Date): string | null {
  if (at.getTime() <= now.getTime()) return 'must be in the future';
  if (at.getTime() > yearAfter(now).getTime()) return 'must be within 1 year';
  return null;
}

/** Without an end date sent, a new open interview ends a year after it is turned on. */
export function defaultExpiresAt(now: Date): Date {
  return yearAfter(now);
}

/** Whether an applicant may read it and apply: active, not expired, on an active job. */
export function acceptsApplications(open: OpenInterview | null, jobStatus: JobStatus, now: Date): open is OpenInterview {
  return open !== null && open.status === 'active' && jobStatus === 'active' && open.expiresAt.getTime() > now.getTime();
}

/** An applicant's interview is due `dueDays` after applying, and never after the open interview ends. */
export function applicationDueAt(now: Date, dueDays: number, expiresAt: Date): Date {
  return new Date(Math.min(now.getTime() + dueDays * 24 * 3600_000, expiresAt.getTime()));
}

/**
 * An applicant's key: one whatever the email's case, and a hash, so the jobs service keeps no address (the interview
 * and identity hold it, and a job seeker's erasure reaches those).
 */
export function emailKey(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
}
