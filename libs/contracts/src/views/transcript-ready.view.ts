import { z } from 'zod';
import type { TranscriptReadyWebhook } from '../events/transcription.events';
import { uuidView } from './view-parts';

/**
 * The `TranscriptReady` webhook's payload (decision 073): which take's or call recording's transcript is done or
 * failed, never its text (read it with `GET …/transcript`). One of the two uuids is null.
 */
export const TranscriptReadyView = z
  .object({
    interview_uuid: uuidView,
    take_uuid: uuidView.nullable().meta({ description: "The take's uuid, or null for a call recording's transcript" }),
    recording_uuid: uuidView.nullable().meta({ description: "The call recording's uuid, or null for a take's transcript" }),
    language: z.string().meta({ description: "The transcript's language: an IETF tag (the interview's, decision 047)" }),
    status: z.enum(['done', 'failed']),
  })
  .strict()
  .meta({ id: 'TranscriptReady' });

/** The body a webhook receives for `transcription.transcript.ready`: the payload's named fields, never the text. */
export function transcriptReadyWebhookOf(payload: TranscriptReadyWebhook): z.output<typeof TranscriptReadyView> {
  return {
    interview_uuid: payload.interview_uuid,
    take_uuid: payload.take_uuid,
    recording_uuid: payload.recording_uuid,
    language: payload.language,
    status: payload.status,
  };
}
