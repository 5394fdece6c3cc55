import type { AtsName } from '@vi/contracts';
import type { AtsAdapter } from './adapter';
import { ashby } from './ashby';
import { greenhouse } from './greenhouse';

/** Every ATS's adapter, by name: adding an ATS adds an entry (and its name to `ATS_NAMES`). */
export type AtsAdapters = Record<AtsName, AtsAdapter>;

export function atsAdapters(settings: { ashbyApiUrl: string }): AtsAdapters {
  return { greenhouse, ashby: ashby(settings.ashbyApiUrl) };
}
