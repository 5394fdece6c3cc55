import type { interviews, sharing } from '@vi/contracts';
import type { Principal } from '@vi/platform-grpc';
import { isViewable, type ShareLink } from '../../domain/share-link';
import { SharingError, SharingErrorCode } from '../../domain/sharing.errors';
import type { SharingStore } from '../../infrastructure/sharing.store';
import { SHARING_SERVICE, type Caller, type IdentityDirectory, type InterviewsDirectory, type LinkTokens } from '../directories';

export interface OpenLinkDeps {
  store: SharingStore;
  identity: IdentityDirectory;
  interviews: InterviewsDirectory;
  tokens: LinkTokens;
}

/**
 * The link a token opens right now, checked on every open (nothing cached):
 * active, not deleted, and for an advanced link the plan feature in force
 * today. Anything else, an unknown token included, is the same 404. Only a
 * service principal (the gateway's public endpoint) may ask.
 */
export async function resolveViewableLink(deps: OpenLinkDeps, principal: Principal, token: string, deadline?: Date): Promise<{ link: ShareLink; as: Caller }> {
  const notFound = new SharingError(SharingErrorCode.ShareLinkNotFound);
  if (principal.kind !== 'service') throw notFound;
  const hash = deps.tokens.hashOf(token);
  const link = hash === undefined ? undefined : await deps.store.read.links.findByTokenHash(hash);
  if (!link) throw notFound;
  const as: Caller = { principal: SHARING_SERVICE, deadline };
  const features = link.kind === 'advanced' ? await deps.identity.planFeatures(as, link.companyUuid) : undefined;
  if (!isViewable(link, features)) throw notFound;
  return { link, as };
}

/** What a reviewer sees: the link's interviews that are still completed, with every take's video URL. */
export async function openShareLink(deps: OpenLinkDeps, principal: Principal, token: string, deadline?: Date): Promise<sharing.SharedView> {
  const { link, as } = await resolveViewableLink(deps, principal, token, deadline);
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
  return {
    share_link_uuid: link.uuid,
    company_name: completed[0].interview!.company?.name ?? '',
    interviews: completed.map((s) => sharedInterview(s.interview!, s.takes, (takeUuid) => deps.tokens.videoUrlFor(token, takeUuid))),
  };
}

function sharedInterview(interview: interviews.Interview, takes: interviews.Take[], videoUrl: (takeUuid: string) => string): sharing.SharedInterview {
  return {
    uuid: interview.uuid,
    type: interview.type,
    completed_at: interview.completed_at,
    job_title: interview.job_post?.title ?? '',
    candidate_name: interview.assigned_to?.name ?? '',
    questions: interview.questions.map((q) => ({
      uuid: q.uuid,
      text: q.text,
      time_limit: q.time_limit,
      skipped: q.skipped,
      takes: takes
        .filter((t) => t.question_uuid === q.uuid)
        .map((t) => ({
          uuid: t.uuid,
          number: t.number,
          content_type: t.content_type,
          size: t.size,
          duration_seconds: t.duration_seconds,
          created_at: t.created_at,
          video_url: videoUrl(t.uuid),
        })),
    })),
  };
}
