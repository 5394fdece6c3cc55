import type { JobOrder } from '@vi/contracts';
import type { JobVideo } from './job-video';
import type { LocationInput } from './location';

/** The job aggregate: the job, its open interview and its video. Rules about open interviews are in open-interview.ts. */

export type JobStatus = 'active' | 'inactive';

export interface Job {
  uuid: string;
  companyUuid: string;
  title: string;
  description: string;
  status: JobStatus;
  locationUuid: string;
  locationAddress: string;
  /** The address or work mode the job was posted with; null in list items, which do not read it. */
  place: LocationInput | null;
  createdBy: string;
  statusUpdatedBy: string;
  createdAt: Date;
  updatedAt: Date;
  statusUpdatedAt: Date;
  /** Null until first turned on (decision 045). */
  openInterview: OpenInterview | null;
  /** Null without one (decision 046). */
  video: JobVideo | null;
}

/** A question of an open interview: copied into every applicant's interview, so its later edits change none. */
export interface OpenInterviewQuestion {
  uuid: string;
  text: string;
  timeLimit: number;
  /** -1: unlimited. */
  takes: number;
  thinkTime: string;
}

/** A job's open interview (decision 045): one public link through which every applicant gets a one-way interview. */
export interface OpenInterview {
  uuid: string;
  status: JobStatus;
  expiresAt: Date;
  questions: OpenInterviewQuestion[];
  /** Who last turned it on: the creator of the applicants' interviews. */
  createdBy: string;
  /** Applications it takes in a UTC day (issue 38), the company's to set. */
  applicationsPerDay: number;
}

export { JOB_ORDERS, type JobOrder } from '@vi/contracts';
export const DEFAULT_JOB_ORDER: JobOrder = 'created_desc';

/** Whether moving to `next` takes a slot: only jobs becoming active do. */
export function takesSlot(previous: JobStatus | null, next: JobStatus): boolean {
  return next === 'active' && previous !== 'active';
}
