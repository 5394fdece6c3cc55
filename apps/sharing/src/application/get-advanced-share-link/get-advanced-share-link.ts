import type { sharing } from '@vi/contracts';
import { companyUserOf } from '@vi/platform-grpc';
import type { ShareLink } from '../../domain/share-link';
import { SharingError, SharingErrorCode } from '../../domain/sharing.errors';
import type { SharingRepositories, SharingStore } from '../../infrastructure/sharing.store';
import type { Caller, IdentityDirectory, InterviewsDirectory, LinkTokens } from '../directories';
import { namesFor, renderAdvanced } from '../share-link-rendering';

/** An advanced link of the caller's company; 404 for anything else (job seekers included). */
export async function findAdvancedLink(repos: SharingRepositories, caller: Caller, linkUuid: string, options: { lock?: boolean } = {}): Promise<ShareLink> {
  const { companyUuid } = companyUserOf(caller.principal, () => new SharingError(SharingErrorCode.ShareLinkNotFound));
  const link = await repos.links.find(companyUuid, 'advanced', linkUuid, options);
  if (!link) throw new SharingError(SharingErrorCode.ShareLinkNotFound);
  return link;
}

/** The interviews a link opens that still exist, as interviews shows them now. */
export async function linkedInterviews(interviewsDirectory: InterviewsDirectory, caller: Caller, link: ShareLink): Promise<sharing.LinkedInterview[]> {
  const current = await interviewsDirectory.sharedInterviews(
    caller,
    link.companyUuid,
    link.interviews.map((i) => i.interviewUuid),
    false,
  );
  const byUuid = new Map(current.flatMap((s) => (s.interview ? [[s.interview.uuid, s.interview] as const] : [])));
  return link.interviews.flatMap((linked) => {
    const interview = byUuid.get(linked.interviewUuid);
    if (!interview) return [];
    return [
      {
        uuid: linked.uuid,
        interview_uuid: interview.uuid,
        scheduled_at: interview.scheduled_at,
        completed_at: interview.completed_at,
        type: interview.type,
        job: { uuid: interview.job_post?.uuid ?? linked.jobUuid ?? '', title: interview.job_post?.title ?? linked.jobTitle ?? '' },
      },
    ];
  });
}

export async function getAdvancedShareLink(
  deps: { store: SharingStore; identity: IdentityDirectory; interviews: InterviewsDirectory; tokens: LinkTokens },
  caller: Caller,
  linkUuid: string,
): Promise<sharing.AdvancedShareLink> {
  const link = await findAdvancedLink(deps.store.read, caller, linkUuid);
  const [names, interviews] = await Promise.all([namesFor(deps.identity, caller, [link]), linkedInterviews(deps.interviews, caller, link)]);
  return renderAdvanced(link, deps.tokens, names, { interviews });
}
