import type { interviews } from '@vi/contracts';
import { toRfc3339 } from '@vi/platform-time';
import { storedTakeKind, type Take } from '../domain/take';

/** A take as the API shows it. */
export function renderTake(take: Take): interviews.Take {
  return {
    uuid: take.uuid,
    question_uuid: take.questionUuid,
    number: take.number,
    content_type: take.contentType,
    size: take.size,
    duration_seconds: take.durationSeconds,
    created_at: toRfc3339(take.createdAt),
    kind: storedTakeKind(take.contentType),
  };
}
