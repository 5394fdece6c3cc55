import type { jobs } from '@vi/contracts';
import type { StoreOf } from '@vi/platform-bus';
import { companyUserOf, type Caller } from '@vi/platform-grpc';
import type { JobsStore } from '../store';
import type { IdentityDirectory } from '../ports';

/** Active-job slots of the caller's company: -1 when unlimited, never below 0. */
export async function getJobSlots(deps: { store: StoreOf<JobsStore, 'counters'>; identity: IdentityDirectory }, caller: Caller): Promise<jobs.JobSlots> {
  const { companyUuid } = companyUserOf(caller.principal);
  const [limit, counts] = await Promise.all([deps.identity.jobsLimit(caller, companyUuid), deps.store.read.counters.read(companyUuid)]);
  return { limit, remaining: limit === -1 ? -1 : Math.max(0, limit - counts.active) };
}
