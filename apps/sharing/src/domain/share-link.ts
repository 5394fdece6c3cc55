import { PlanFeature, SharedErrorCode } from '@vi/contracts';
import { validationFailed } from '@vi/platform-errors';
import { SharingError, SharingErrorCode } from './sharing.errors';
import { sharedError } from '@vi/platform-grpc';

export type ShareLinkKind = 'basic' | 'advanced';
export type ShareLinkStatus = 'active' | 'inactive';
/** Every link this service makes is `open` (docs/decisions/015-sharing.md). */
export type ShareLinkType = 'collaborative' | 'open';

export const SHARE_LINK_STATUSES: readonly ShareLinkStatus[] = ['active', 'inactive'];

/** One interview a link opens, with what it showed of it when shared (for events). */
export interface LinkedInterview {
  uuid: string;
  interviewUuid: string;
  jobUuid: string | null;
  jobTitle: string | null;
  candidateName: string | null;
}

export interface ShareLink {
  uuid: string;
  kind: ShareLinkKind;
  companyUuid: string;
  type: ShareLinkType;
  status: ShareLinkStatus;
  reviewer: { name: string; email: string } | null;
  sendEmail: boolean;
  createdBy: string;
  updatedBy: string;
  createdAt: Date;
  updatedAt: Date;
  deletedAt: Date | null;
  /** 1 at creation, one more per change: consumers keep the newest. */
  version: number;
  /** In the order they were shared. */
  interviews: LinkedInterview[];
}

/** A new link (version 1, type open) made by `userUuid` now. */
export function newShareLink(input: {
  uuid: string;
  kind: ShareLinkKind;
  companyUuid: string;
  userUuid: string;
  status: ShareLinkStatus;
  reviewer?: { name: string; email: string };
  sendEmail?: boolean;
  interviews: LinkedInterview[];
  now: Date;
}): ShareLink {
  return {
    uuid: input.uuid,
    kind: input.kind,
    companyUuid: input.companyUuid,
    type: 'open',
    status: input.status,
    reviewer: input.reviewer ?? null,
    sendEmail: input.sendEmail ?? false,
    createdBy: input.userUuid,
    updatedBy: input.userUuid,
    createdAt: input.now,
    updatedAt: input.now,
    deletedAt: null,
    version: 1,
    interviews: input.interviews,
  };
}

/** An interview as sharing sees it when deciding whether it may be shared. */
export interface ShareableInterview {
  uuid: string;
  status: string;
}

export function parseStatus(value: string, field = 'status'): ShareLinkStatus {
  if (!(SHARE_LINK_STATUSES as readonly string[]).includes(value)) {
    throw validationFailed([{ field, reason: 'must be active or inactive', code: 'invalid_value' }]);
  }
  return value as ShareLinkStatus;
}

/** A basic link needs its interview completed (a missing interview is not found). */
export function requireShareable(interview: ShareableInterview | undefined): ShareableInterview {
  if (!interview) throw sharedError(SharedErrorCode.InterviewNotFound);
  if (interview.status !== 'completed') throw new SharingError(SharingErrorCode.InterviewNotCompleted);
  return interview;
}

/**
 * Every interview of an advanced link must be a completed interview of the
 * company: one 400 naming each that is not (`interviews.<index>.uuid`).
 */
export function requireAllShareable(requested: string[], found: Map<string, ShareableInterview>): void {
  const bad = requested.flatMap((uuid, index) => (found.get(uuid)?.status === 'completed' ? [] : [{ uuid, index }]));
  if (bad.length === 0) return;
  throw new SharingError(
    SharingErrorCode.InterviewNotCompleted,
    `Not a completed interview of your company: ${bad.map((b) => b.uuid).join(', ')}`,
    bad.map((b) => ({ field: `interviews.${b.index}.uuid`, reason: `${b.uuid} is not a completed interview of your company`, code: 'invalid_value' })),
  );
}

/** Creating an advanced link, or activating one, needs the plan feature (basic links never do). */
export function requireAdvancedFeature(features: Record<string, boolean>): void {
  if (features[PlanFeature.AdvancedShareLinks] !== true) throw new SharingError(SharingErrorCode.FeatureRequired);
}

/** Whether a link opens anything right now: active, not deleted, and an advanced link only while the plan has the feature. */
export function isViewable(link: ShareLink, features: Record<string, boolean> | undefined): boolean {
  if (link.deletedAt !== null || link.status !== 'active') return false;
  return link.kind === 'basic' || features?.[PlanFeature.AdvancedShareLinks] === true;
}

/** A status change by `userUuid`; unchanged when the status is the same (no new version, no event). */
export function withStatus(link: ShareLink, status: ShareLinkStatus, userUuid: string, now: Date): { link: ShareLink; changed: boolean } {
  if (link.status === status) return { link, changed: false };
  return { link: { ...link, status, updatedBy: userUuid, updatedAt: now, version: link.version + 1 }, changed: true };
}

export function deleted(link: ShareLink, userUuid: string | null, now: Date): ShareLink {
  return { ...link, deletedAt: now, updatedAt: now, updatedBy: userUuid ?? link.updatedBy, version: link.version + 1 };
}
