import type { AtsIntegrationJson } from '@vi/contracts';
import { validationFailed } from '@vi/platform-errors';
import { administratorOf, type Caller } from '@vi/platform-grpc';
import type { Clock } from '@vi/platform-time';
import { integrationJson } from '../assessment-rendering';
import type { SecretSealer } from '../ports';
import { atsOf } from '../shared/ats-of';
import type { AssessmentsStore } from '../store';

/** The ATSs we call with a key of the company's: Greenhouse calls us only, so it has none. */
const KEYED_ATS = ['ashby'] as const;

/** `PUT /integrations/<ats> {api_key}` (administrators): the key sealed, never shown again; replacing keeps `connected_at`. */
export async function connectAts(
  deps: { store: AssessmentsStore; sealer: SecretSealer; clock: Clock },
  caller: Caller,
  input: { ats: string; apiKey: string },
): Promise<AtsIntegrationJson> {
  const { companyUuid } = administratorOf(caller.principal);
  const ats = atsOf(input.ats);
  if (!(KEYED_ATS as readonly string[]).includes(ats))
    throw validationFailed([{ field: 'ats', reason: `only ${KEYED_ATS.join(', ')} is connected with a key`, code: 'invalid_value' }]);
  const apiKey = input.apiKey.trim();
  if (!apiKey || apiKey.length > 1000) throw validationFailed([{ field: 'api_key', reason: 'is required, at most 1000 characters', code: 'invalid_format' }]);
  const saved = await deps.store.transaction((tx) =>
    tx.connections.save({ companyUuid, ats, apiKeyCiphertext: deps.sealer.seal(apiKey), connectedAt: deps.clock.now() }),
  );
  return integrationJson(ats, saved.connectedAt, await deps.store.read.callbacks.lastAttempt(companyUuid, ats));
}
