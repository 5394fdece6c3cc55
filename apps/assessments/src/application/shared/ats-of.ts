import { ATS_NAMES, type AtsName } from '@vi/contracts';
import { outsideVocabulary, validationFailed } from '@vi/platform-errors';

/** The ATS a request names: one of `ATS_NAMES`, else 400 on `ats`. */
export function atsOf(value: string): AtsName {
  const problem = outsideVocabulary('ats', [value], ATS_NAMES);
  if (problem) throw validationFailed([problem]);
  return value as AtsName;
}
