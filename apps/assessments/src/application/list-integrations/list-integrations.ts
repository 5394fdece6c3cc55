import { ATS_NAMES, type AtsIntegrationJson } from '@vi/contracts';
import { companyUserOf, type Caller } from '@vi/platform-grpc';
import { integrationJson } from '../assessment-rendering';
import type { AssessmentsStore } from '../store';

/**
 * Each ATS with whether it is connected (Ashby: a key is set; Greenhouse: it has sent a test) and its last callback
 * attempt (decision 071).
 */
export async function listIntegrations(deps: { store: AssessmentsStore }, caller: Caller): Promise<AtsIntegrationJson[]> {
  const { companyUuid } = companyUserOf(caller.principal);
  const { orders, connections, callbacks } = deps.store.read;
  return Promise.all(
    ATS_NAMES.map(async (ats) => {
      const connectedAt = ats === 'greenhouse' ? await orders.firstAt(companyUuid, ats) : ((await connections.find(companyUuid, ats))?.connectedAt ?? null);
      return integrationJson(ats, connectedAt, await callbacks.lastAttempt(companyUuid, ats));
    }),
  );
}
