import type { sharing } from '@vi/contracts';
import type { StoreOf } from '@vi/platform-bus';
import type { Caller, Principal } from '@vi/platform-grpc';
import type { ShareLink } from '../../domain/share-link';
import { SharingError, SharingErrorCode } from '../../domain/sharing.errors';
import type { SharingStore } from '../store';
import type { IdentityDirectory, InterviewsDirectory, LinkTokens, TranscriptsDirectory, Warnings } from '../ports';
import { renderSharedView } from '../share-link-rendering';
import { doneCaptions, linkTranscripts, shownTranscript, sourceUuidOf, type LinkTranscripts } from '../shared/link-transcripts';
import { viewableLink } from '../shared/viewable-link';

export interface OpenShareLinkDeps {
  store: StoreOf<SharingStore, 'links'>;
  identity: IdentityDirectory;
  interviews: InterviewsDirectory;
  transcripts: TranscriptsDirectory;
  tokens: LinkTokens;
  logger: Warnings;
}

/**
 * What a reviewer sees: the link's interviews that are still completed, with every take's and call recording's
 * video URL, and its transcript and captions URL when transcription has them (decision 073).
 */
export async function openShareLink(deps: OpenShareLinkDeps, principal: Principal, token: string, deadline?: Date): Promise<sharing.SharedView> {
  const { link, as } = await viewableLink(deps, principal, token, deadline);
  const shared = await deps.interviews.sharedInterviews(
    as,
    link.companyUuid,
    link.interviews.map((i) => i.interviewUuid),
    true,
  );
  const completed = shared.filter((s) => s.interview?.status === 'completed');
  if (completed.length === 0) throw new SharingError(SharingErrorCode.ShareLinkNotFound);
  const order = new Map(link.interviews.map((i, index) => [i.interviewUuid, index]));
  completed.sort((a, b) => order.get(a.interview!.uuid)! - order.get(b.interview!.uuid)!);
  const transcripts = await transcriptsOrNone(
    deps,
    as,
    link,
    completed.map((s) => s.interview!.uuid),
  );
  return renderSharedView(link, completed, (media) => {
    const found = transcripts.get(sourceUuidOf(media));
    return {
      video_url: deps.tokens.videoUrlFor(token, media),
      transcript: shownTranscript(found),
      captions_url: doneCaptions(found) === undefined ? undefined : deps.tokens.captionsUrlFor(token, media),
    };
  });
}

/** Transcripts are an addition to the view: with transcription unreachable the link still opens, without them. */
async function transcriptsOrNone(deps: OpenShareLinkDeps, as: Caller<Principal>, link: ShareLink, interviewUuids: string[]): Promise<LinkTranscripts> {
  try {
    return await linkTranscripts(deps, as, link, interviewUuids);
  } catch (error) {
    deps.logger.warn({ err: error, share_link: link.uuid }, 'transcription did not answer: the share view shows no transcripts');
    return new Map();
  }
}
