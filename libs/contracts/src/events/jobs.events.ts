import type { JobJson } from '../views/job.view';

/** Events published by the jobs service; the payload is the job as the API renders it. */
export const JobsSubjects = {
  JobCreated: 'jobs.job.created',
  JobUpdated: 'jobs.job.updated',
  JobDeleted: 'jobs.job.deleted',
} as const;

export type JobEventPayload = JobJson;

export type JobsSubject = (typeof JobsSubjects)[keyof typeof JobsSubjects];
