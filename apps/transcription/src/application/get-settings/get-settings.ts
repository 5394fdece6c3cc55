import type { TranscriptionSettingsJson } from '@vi/contracts';
import type { StoreOf } from '@vi/platform-bus';
import { companyUserOf, type Caller } from '@vi/platform-grpc';
import { settingsJson } from '../transcript-rendering';
import type { TranscriptionStore } from '../store';

/** Any company user reads their company's setting, and whether an engine is configured. */
export async function getSettings(
  deps: { store: StoreOf<TranscriptionStore, 'settings'>; engineConfigured: boolean },
  caller: Caller,
): Promise<TranscriptionSettingsJson> {
  const { companyUuid } = companyUserOf(caller.principal);
  return settingsJson(await deps.store.read.settings.find(companyUuid), deps.engineConfigured);
}
