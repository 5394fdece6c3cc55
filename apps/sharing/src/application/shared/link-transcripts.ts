import type { transcription } from '@vi/contracts';
import type { Caller, Principal } from '@vi/platform-grpc';
import type { ShareLink } from '../../domain/share-link';
import type { SharedMediaRef, TranscriptsDirectory } from '../ports';

/** The transcripts of a link's interviews, by take or recording uuid (decision 073). */
export type LinkTranscripts = Map<string, transcription.SharedTranscript>;

/** Asked of transcription as this service (`as`), for the link's company and the interviews it shows. */
export async function linkTranscripts(
  deps: { transcripts: TranscriptsDirectory },
  as: Caller<Principal>,
  link: ShareLink,
  interviewUuids: string[],
): Promise<LinkTranscripts> {
  if (interviewUuids.length === 0) return new Map();
  const found = await deps.transcripts.sharedTranscripts(as, link.companyUuid, interviewUuids);
  return new Map(found.map((t) => [t.source_uuid, t]));
}

export const sourceUuidOf = (media: SharedMediaRef): string => ('takeUuid' in media ? media.takeUuid : media.recordingUuid);

/** The Transcript body a link shows: none when there is none or its status is off (nothing was asked). */
export function shownTranscript(found: transcription.SharedTranscript | undefined): Buffer | undefined {
  if (!found) return undefined;
  const { status } = JSON.parse(Buffer.from(found.json).toString('utf8')) as { status?: string };
  return status === 'off' ? undefined : found.json;
}

/** The WebVTT of a done transcript; undefined otherwise (transcription sends it only when done). */
export const doneCaptions = (found: transcription.SharedTranscript | undefined): string | undefined => (found?.vtt ? found.vtt : undefined);
