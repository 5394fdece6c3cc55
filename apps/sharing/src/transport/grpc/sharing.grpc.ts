import type { sharing } from '@vi/contracts';
import { callerOf, type UnaryHandlers } from '@vi/platform-grpc';
import type { Clock } from '@vi/platform-time';
import { createAdvancedShareLinks } from '../../application/create-advanced-share-links/create-advanced-share-links';
import { createBasicShareLink } from '../../application/create-basic-share-link/create-basic-share-link';
import { deleteAdvancedShareLink } from '../../application/delete-advanced-share-link/delete-advanced-share-link';
import type { IdentityDirectory, InterviewsDirectory, LinkTokens, TranscriptsDirectory, Warnings } from '../../application/ports';
import { getAdvancedShareLink } from '../../application/get-advanced-share-link/get-advanced-share-link';
import { getBasicShareLink } from '../../application/get-basic-share-link/get-basic-share-link';
import { getSharedCaptions } from '../../application/get-shared-captions/get-shared-captions';
import { getShareLinkUrls } from '../../application/get-share-link-urls/get-share-link-urls';
import { listAdvancedShareLinks } from '../../application/list-advanced-share-links/list-advanced-share-links';
import { openShareLink } from '../../application/open-share-link/open-share-link';
import { streamSharedVideo } from '../../application/stream-shared-video/stream-shared-video';
import { updateAdvancedShareLink } from '../../application/update-advanced-share-link/update-advanced-share-link';
import { updateBasicShareLink } from '../../application/update-basic-share-link/update-basic-share-link';
import type { SharingStore } from '../../application/store';

export interface SharingGrpcDeps {
  store: SharingStore;
  identity: IdentityDirectory;
  interviews: InterviewsDirectory;
  transcripts: TranscriptsDirectory;
  tokens: LinkTokens;
  clock: Clock;
  logger: Warnings;
}

/** Transport only: request → use case → response message. */
export function sharingGrpcHandlers(deps: SharingGrpcDeps): UnaryHandlers<typeof sharing.SharingServiceService> {
  return {
    // A company user, or the assessments service naming its company (the use case checks which).
    createBasicShareLink: async (req, ctx) =>
      createBasicShareLink(deps, { principal: ctx.principal, deadline: ctx.deadline }, req.interview_uuid, { companyUuid: req.company_uuid }),
    getBasicShareLink: async (req, ctx) => getBasicShareLink(deps, callerOf(ctx), req.interview_uuid, req.link_uuid),
    updateBasicShareLink: async (req, ctx) =>
      updateBasicShareLink(deps, callerOf(ctx), { interviewUuid: req.interview_uuid, linkUuid: req.link_uuid, status: req.status }),
    listAdvancedShareLinks: async (req, ctx) => listAdvancedShareLinks(deps, callerOf(ctx), { from: req.range_from, to: req.range_to }),
    getAdvancedShareLink: async (req, ctx) => getAdvancedShareLink(deps, callerOf(ctx), req.link_uuid),
    createAdvancedShareLinks: async (req, ctx) =>
      createAdvancedShareLinks(deps, callerOf(ctx), {
        status: req.status,
        sendEmail: req.send_email,
        reviewers: req.reviewers,
        interviewUuids: req.interview_uuids,
      }),
    updateAdvancedShareLink: async (req, ctx) => updateAdvancedShareLink(deps, callerOf(ctx), { linkUuid: req.link_uuid, status: req.status }),
    deleteAdvancedShareLink: async (req, ctx) => deleteAdvancedShareLink(deps, callerOf(ctx), req.link_uuid),
    getShareLinkUrls: async (req, ctx) => getShareLinkUrls(deps, ctx.principal, req.link_uuids, { companyUuid: req.company_uuid }),
    openShareLink: async (req, ctx) => openShareLink(deps, ctx.principal, req.token, ctx.deadline),
    streamSharedTakeVideo: async (req, ctx, send) => streamSharedVideo(deps, ctx.principal, req, send, ctx.deadline),
    streamSharedRecordingVideo: async (req, ctx, send) => streamSharedVideo(deps, ctx.principal, req, send, ctx.deadline),
    getSharedCaptions: async (req, ctx) => getSharedCaptions(deps, ctx.principal, req, ctx.deadline),
  };
}
