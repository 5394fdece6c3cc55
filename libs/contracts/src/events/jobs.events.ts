import type { JobJson } from '../views/job.view';

export { JobsSubjects, type JobsSubject } from './jobs.subjects';

export type JobEventPayload = JobJson;
