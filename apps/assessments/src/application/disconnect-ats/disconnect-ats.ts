import { administratorOf, type Caller } from '@vi/platform-grpc';
import { atsOf } from '../shared/ats-of';
import type { AssessmentsStore } from '../store';

/** `DELETE /integrations/<ats>` (administrators): the key removed; the ATS's callbacks then fail, recorded. Idempotent. */
export async function disconnectAts(deps: { store: AssessmentsStore }, caller: Caller, input: { ats: string }): Promise<void> {
  const { companyUuid } = administratorOf(caller.principal);
  const ats = atsOf(input.ats);
  await deps.store.transaction((tx) => tx.connections.delete(companyUuid, ats));
}
