import { companyUserOf } from '@vi/platform-grpc';
import type { JobsStore } from '../../infrastructure/jobs.store';
import type { Caller, IdentityDirectory } from '../identity-directory';

export interface JobSlots {
  remaining: number;
  limit: number;
}

/** Active-job slots of the caller's company: -1 when unlimited, never below 0. */
export async function getJobSlots(deps: { store: JobsStore; identity: IdentityDirectory }, caller: Caller): Promise<JobSlots> {
  const { companyUuid } = companyUserOf(caller.principal);
  const [limit, counts] = await Promise.all([deps.identity.jobsLimit(caller, companyUuid), deps.store.read.counters.read(companyUuid)]);
  return { limit, remaining: limit === -1 ? -1 : Math.max(0, limit - counts.active) };
}
