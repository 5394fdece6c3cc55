import { SharedErrorCode, type sharing } from '@vi/contracts';
import type { StoreOf } from '@vi/platform-bus';
import { sharedError, type Principal } from '@vi/platform-grpc';
import type { SharingStore } from '../store';
import type { IdentityDirectory, InterviewsDirectory, LinkTokens, TranscriptsDirectory } from '../ports';
import { doneCaptions, linkTranscripts } from '../shared/link-transcripts';
import { viewableLink } from '../shared/viewable-link';

/**
 * The WebVTT captions of a take or a call recording through a link (decision 073): the link is checked as for its
 * videos, and only the transcripts of its interviews that are still completed are looked in. Anything but a done
 * transcript of one of them is 404 `api.transcript_not_ready`. Unlike the share view, an unreachable transcription
 * service fails the request: there is nothing else to answer.
 */
export async function getSharedCaptions(
  deps: {
    store: StoreOf<SharingStore, 'links'>;
    identity: IdentityDirectory;
    interviews: InterviewsDirectory;
    transcripts: TranscriptsDirectory;
    tokens: LinkTokens;
  },
  principal: Principal,
  request: sharing.SharedCaptionsRequest,
  deadline?: Date,
): Promise<sharing.SharedCaptions> {
  const { link, as } = await viewableLink(deps, principal, request.token, deadline);
  const notReady = sharedError(SharedErrorCode.TranscriptNotReady);
  const source = request.take_uuid ?? request.recording_uuid;
  if (source === undefined) throw notReady;
  const shared = await deps.interviews.sharedInterviews(
    as,
    link.companyUuid,
    link.interviews.map((i) => i.interviewUuid),
    false,
  );
  const completed = shared.filter((s) => s.interview?.status === 'completed').map((s) => s.interview!.uuid);
  const vtt = doneCaptions((await linkTranscripts(deps, as, link, completed)).get(source));
  if (vtt === undefined) throw notReady;
  return { vtt };
}
