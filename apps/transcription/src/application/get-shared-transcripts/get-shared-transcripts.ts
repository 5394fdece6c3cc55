import type { transcription } from '@vi/contracts';
import type { StoreOf } from '@vi/platform-bus';
import { requireOperator, type Principal } from '@vi/platform-grpc';
import { validationFailed } from '@vi/platform-errors';
import { captionsOf, transcriptJson } from '../transcript-rendering';
import { SHARING_SERVICE } from '../ports';
import type { TranscriptionStore } from '../store';

/** A share link shows at most this many interviews. */
export const MAX_SHARED_INTERVIEWS = 100;

/**
 * For the sharing service only (403 api.operator_required for anyone else): the transcripts of those interviews of
 * one company, rendered, with their captions when done. Takes and recordings without one are left out.
 */
export async function getSharedTranscripts(
  deps: { store: StoreOf<TranscriptionStore, 'transcripts'> },
  principal: Principal,
  request: { companyUuid: string; interviewUuids: string[] },
): Promise<transcription.SharedTranscripts> {
  requireOperator(principal, SHARING_SERVICE);
  if (request.interviewUuids.length > MAX_SHARED_INTERVIEWS)
    throw validationFailed([{ field: 'interview_uuids', reason: `must have at most ${MAX_SHARED_INTERVIEWS} items`, code: 'too_big' }]);
  if (request.interviewUuids.length === 0) return { transcripts: [] };
  const found = await deps.store.read.transcripts.listOf(request.companyUuid, request.interviewUuids);
  return {
    transcripts: found.map((t) => ({
      interview_uuid: t.interviewUuid,
      source_uuid: t.source.uuid,
      json: Buffer.from(JSON.stringify(transcriptJson(t, t.language))),
      vtt: t.status === 'done' ? captionsOf(t) : '',
    })),
  };
}
