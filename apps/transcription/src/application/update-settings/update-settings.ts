import type { TranscriptionSettingsJson } from '@vi/contracts';
import type { StoreOf } from '@vi/platform-bus';
import { administratorOf, type Caller } from '@vi/platform-grpc';
import type { Clock } from '@vi/platform-time';
import type { CompanySetting } from '../../domain/company-setting';
import { settingsChangedEvent, settingsJson } from '../transcript-rendering';
import type { TranscriptionStore } from '../store';

/**
 * An administrator turns the company's transcription on or off (403 api.administrator_required for others);
 * transcription.settings.changed carries the effective value in the same transaction. Nothing given: unchanged.
 */
export async function updateSettings(
  deps: { store: StoreOf<TranscriptionStore, 'settings'>; engineConfigured: boolean; clock: Clock },
  caller: Caller,
  input: { transcription?: boolean },
): Promise<TranscriptionSettingsJson> {
  const { companyUuid } = administratorOf(caller.principal);
  if (input.transcription === undefined) return settingsJson(await deps.store.read.settings.find(companyUuid), deps.engineConfigured);
  const setting: CompanySetting = { companyUuid, transcription: input.transcription, updatedAt: deps.clock.now() };
  await deps.store.transaction(async (tx) => {
    await tx.settings.save(setting);
    await tx.publish([settingsChangedEvent(setting, deps.engineConfigured)]);
  });
  return settingsJson(setting, deps.engineConfigured);
}
