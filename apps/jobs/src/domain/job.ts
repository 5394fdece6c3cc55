import type { JobOrder } from '@vi/contracts';
import type { JobVideo } from './job-video';
import type { LocationInput } from './location';
import type { OpenInterview } from './open-interview';

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

export { JOB_ORDERS, type JobOrder } from '@vi/contracts';
export const DEFAULT_JOB_ORDER: JobOrder = 'created_desc';

/** Whether moving to `next` takes a slot: only jobs becoming active do. */
export function takesSlot(previous: JobStatus | null, next: JobStatus): boolean {
  return next === 'active' && previous !== 'active';
}
