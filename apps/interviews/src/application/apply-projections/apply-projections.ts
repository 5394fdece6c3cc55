import { IdentitySubjects, JobsSubjects, type JobEventPayload, type UserEventPayload } from '@vi/contracts';
import type { BusMessage, StoreOf } from '@vi/platform-bus';
import type { InterviewsStore } from '../store';
import { jobPostRow } from '../shared/job-post-row';

/**
 * Keeps what interviews show of jobs and people current: a renamed job or
 * job seeker shows (and sorts) under the new name. Idempotent on the event
 * id, and older updates never overwrite newer ones.
 */
export async function applyProjectionEvent(deps: { store: StoreOf<InterviewsStore, 'projections'> }, message: BusMessage): Promise<void> {
  await deps.store.transaction(async (tx) => {
    if (!(await tx.projections.markProcessed(message.id))) return;
    if (message.subject === JobsSubjects.JobUpdated || message.subject === JobsSubjects.JobDeleted) {
      const job = message.payload as JobEventPayload;
      const known = await tx.projections.jobs([job.uuid]);
      if (!known.has(job.uuid)) return; // no interview for this job yet: nothing to keep current
      await tx.projections.upsertJob(jobPostRow(job, job.company?.uuid ?? known.get(job.uuid)!.company_uuid));
    } else if (message.subject === IdentitySubjects.UserUpdated) {
      const user = message.payload as UserEventPayload;
      const known = await tx.projections.people([user.uuid]);
      if (!known.has(user.uuid)) return;
      await tx.projections.upsertPerson({ uuid: user.uuid, name: user.name, email: user.email, avatar: user.avatar }, new Date(user.occurred_at));
    }
  });
}

export const PROJECTION_SUBJECTS = [JobsSubjects.JobUpdated, JobsSubjects.JobDeleted, IdentitySubjects.UserUpdated];
