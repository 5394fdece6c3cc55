/** The room of a live interview opens this long before `scheduled_at` (docs/interview-lifecycle.md, decision 038). */
export const LIVE_JOIN_OPENS_BEFORE_MS = 15 * 60_000;
/** … and closes this long after it: a live interview not completed by then expires. */
export const LIVE_JOIN_CLOSES_AFTER_MS = 3 * 3600_000;

export function joinWindowOf(scheduledAt: Date): { opensAt: Date; closesAt: Date } {
  return { opensAt: new Date(scheduledAt.getTime() - LIVE_JOIN_OPENS_BEFORE_MS), closesAt: new Date(scheduledAt.getTime() + LIVE_JOIN_CLOSES_AFTER_MS) };
}
