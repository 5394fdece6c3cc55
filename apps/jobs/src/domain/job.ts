import type { JobOrder } from '@vi/contracts';
import type { UserPrincipal } from '@vi/platform-grpc';
import { JobsError, JobsErrorCode } from './jobs.errors';

export type JobStatus = 'active' | 'inactive';

export interface Job {
  uuid: string;
  companyUuid: string;
  title: string;
  description: string;
  status: JobStatus;
  locationUuid: string;
  locationAddress: string;
  createdBy: string;
  statusUpdatedBy: string;
  createdAt: Date;
  updatedAt: Date;
  statusUpdatedAt: Date;
}

export { JOB_ORDERS, type JobOrder } from '@vi/contracts';
export const DEFAULT_JOB_ORDER: JobOrder = 'created_desc';

/** The company whose jobs a caller works with; job seekers see none (404 for a specific job). */
export function jobCompanyOf(principal: UserPrincipal, onJobSeeker: JobsErrorCode = JobsErrorCode.JobNotFound): string {
  if (principal.userType !== 'company_user' || !principal.companyUuid) throw new JobsError(onJobSeeker);
  return principal.companyUuid;
}

/** Whether moving to `next` takes a slot: only jobs becoming active do. */
export function takesSlot(previous: JobStatus | null, next: JobStatus): boolean {
  return next === 'active' && previous !== 'active';
}
