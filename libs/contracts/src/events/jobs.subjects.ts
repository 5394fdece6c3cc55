/**
 * The subjects of the events published by the jobs service (the payload is the job as the API renders it,
 * `jobs.events.ts`), apart so the pages' entry (`@vi/contracts/web`, through the webhook event table) reaches no package.
 */
export const JobsSubjects = {
  JobCreated: 'jobs.job.created',
  JobUpdated: 'jobs.job.updated',
  JobDeleted: 'jobs.job.deleted',
} as const;

export type JobsSubject = (typeof JobsSubjects)[keyof typeof JobsSubjects];
