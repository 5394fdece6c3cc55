import { EVALUATION_LIMITS, SCORECARD_VISIBILITIES, type ScorecardVisibility } from '@vi/contracts';
import { validationFailed, type FieldError } from '@vi/platform-errors';
import { fieldError, tooLong } from './field-errors';

export interface Criterion {
  uuid: string;
  name: string;
  description: string;
}

/** A job's scorecard: its criteria in order and who sees whose evaluation when. */
export interface Scorecard {
  jobUuid: string;
  companyUuid: string;
  criteria: Criterion[];
  visibility: ScorecardVisibility;
  /** Null for a job never given one. */
  updatedAt: Date | null;
  updatedBy: string | null;
}

/** What a job's scorecard is before anyone wrote one. */
export function emptyScorecard(companyUuid: string, jobUuid: string): Scorecard {
  return { jobUuid, companyUuid, criteria: [], visibility: 'after_submit', updatedAt: null, updatedBy: null };
}

export interface CriterionInput {
  uuid?: string;
  name: string;
  description?: string;
}

export interface ScorecardInput {
  criteria: CriterionInput[];
  /** Absent: unchanged. */
  visibility?: string;
}

/**
 * The card a PUT makes of the current one: the criteria in the order given, each keeping its uuid when it names a
 * criterion of the current card, a new one otherwise. Every broken rule is a field of one `api.validation_failed`.
 */
export function replacedScorecard(current: Scorecard, input: ScorecardInput, change: { by: string; at: Date; newUuid: () => string }): Scorecard {
  const errors: FieldError[] = [];
  if (input.criteria.length > EVALUATION_LIMITS.criteria)
    errors.push(fieldError('criteria', `must hold at most ${EVALUATION_LIMITS.criteria} criteria`, 'too_big'));
  if (input.visibility !== undefined && !(SCORECARD_VISIBILITIES as readonly string[]).includes(input.visibility)) {
    errors.push(fieldError('visibility', `must be one of ${SCORECARD_VISIBILITIES.join(', ')}`));
  }
  const known = new Set(current.criteria.map((c) => c.uuid));
  const names = new Set<string>();
  const uuids = new Set<string>();
  const criteria = input.criteria.map((c, i): Criterion => {
    const name = c.name.trim();
    const description = (c.description ?? '').trim();
    if (name.length === 0) errors.push(fieldError(`criteria.${i}.name`, 'must not be empty', 'too_small'));
    if (name.length > EVALUATION_LIMITS.criterionName) errors.push(tooLong(`criteria.${i}.name`, EVALUATION_LIMITS.criterionName));
    if (names.has(name.toLowerCase())) errors.push(fieldError(`criteria.${i}.name`, 'must be unique in the scorecard'));
    names.add(name.toLowerCase());
    if (description.length > EVALUATION_LIMITS.criterionDescription) errors.push(tooLong(`criteria.${i}.description`, EVALUATION_LIMITS.criterionDescription));
    if (c.uuid !== undefined && (!known.has(c.uuid) || uuids.has(c.uuid))) {
      errors.push(fieldError(`criteria.${i}.uuid`, 'must name a criterion of the scorecard, once'));
    }
    const uuid = c.uuid ?? change.newUuid();
    uuids.add(uuid);
    return { uuid, name, description };
  });
  if (errors.length > 0) throw validationFailed(errors);
  return {
    ...current,
    criteria,
    visibility: (input.visibility as ScorecardVisibility | undefined) ?? current.visibility,
    updatedAt: change.at,
    updatedBy: change.by,
  };
}
