import { InterviewsSubjects } from '@vi/contracts';
import type { StoreOf } from '@vi/platform-bus';
import type { Clock } from '@vi/platform-time';
import type { InterviewsStore } from '../store';
import { interviewEvent, renderInterviews, type RenderingRepoName } from '../interview-rendering';

/**
 * Marks open interviews whose due time has passed as expired, publishing
 * InterviewExpired once each: rows are taken with `FOR UPDATE SKIP LOCKED`, so
 * replicas sweeping together never take the same interview, and a service that
 * was down catches up on its next sweep. Due means at or before the clock's
 * now, read once per sweep. Returns how many expired.
 */
export async function expireOverdueInterviews(deps: {
  store: StoreOf<InterviewsStore, 'interviews' | 'counters' | RenderingRepoName>;
  clock: Clock;
  batchSize?: number;
}): Promise<number> {
  const now = deps.clock.now();
  const batchSize = deps.batchSize ?? 100;
  let total = 0;
  for (;;) {
    const expired = await deps.store.transaction(async (tx) => {
      const overdue = await tx.interviews.lockOverdue(now, batchSize);
      const updated = overdue.map((interview) => ({ ...interview, status: 'expired' as const, updatedAt: now }));
      for (const [i, interview] of updated.entries()) {
        await tx.interviews.update(interview);
        await tx.counters.move(interview.companyUuid, interview.type, overdue[i].status, 'expired');
      }
      const rendered = await renderInterviews(tx, updated, { questions: true });
      await tx.publish(rendered.map((interview) => interviewEvent(InterviewsSubjects.InterviewExpired, interview)));
      return updated.length;
    });
    total += expired;
    if (expired < batchSize) return total;
  }
}
