/** The `orderby` values of the API's lists: part of the contract between the gateway and the services. */
export const JOB_ORDERS = ['title_desc', 'title_asc', 'updated_desc', 'updated_asc', 'created_desc', 'created_asc', 'location_desc', 'location_asc'] as const;
export type JobOrder = (typeof JOB_ORDERS)[number];

export const INTERVIEW_ORDERS = [
  'scheduled_desc',
  'scheduled_asc',
  'completed_desc',
  'completed_asc',
  'updated_desc',
  'updated_asc',
  'candidate_desc',
  'candidate_asc',
  'company_desc',
  'company_asc',
  'job_desc',
  'job_asc',
] as const;
export type InterviewOrder = (typeof INTERVIEW_ORDERS)[number];
