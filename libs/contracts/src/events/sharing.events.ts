/**
 * Events published by the sharing service (extensions: the reference's event
 * table has no share link events, so webhooks never receive them). Interviews
 * projects basic links into the interview's `share_link` field; notifications
 * emails reviewers of advanced links created with `send_email: true`.
 */
export const SharingSubjects = {
  ShareLinkCreated: 'sharing.share_link.created',
  ShareLinkUpdated: 'sharing.share_link.updated',
  ShareLinkDeleted: 'sharing.share_link.deleted',
} as const;

export type SharingSubject = (typeof SharingSubjects)[keyof typeof SharingSubjects];

export interface ShareLinkUserSummary {
  uuid: string;
  name: string;
  email: string;
  avatar: string;
}

/** The basic share link as the API renders it (also the interview's `share_link` field). */
export interface BasicShareLinkJson {
  uuid: string;
  url: string;
  type: 'collaborative' | 'open';
  status: 'active' | 'inactive';
  created_at: string;
  updated_at: string;
  updated_by: ShareLinkUserSummary | null;
}

/**
 * A basic link without its URL, as events and the interviews' projection carry it: the URL holds the link's
 * bearer token, which only the sharing service renders (`GetShareLinkUrls`) for whoever must show it (decision 018).
 */
export type BasicShareLinkWithoutUrl = Omit<BasicShareLinkJson, 'url'>;

/** No URL (the bearer token): consumers that show one ask sharing's `GetShareLinkUrls` (decision 018). */
export interface ShareLinkEventPayload {
  uuid: string;
  kind: 'basic' | 'advanced';
  status: 'active' | 'inactive';
  company: { uuid: string; name: string };
  /** The interviews the link opens (one for a basic link). */
  interviews: { uuid: string; job_title: string | null; candidate_name: string | null }[];
  /** Advanced links only. */
  reviewer: { name: string; email: string } | null;
  /** ShareLinkCreated of an advanced link: true only when the creator asked to email the reviewer. */
  send_email: boolean;
  created_by: ShareLinkUserSummary | null;
  updated_by: ShareLinkUserSummary | null;
  /** Basic links only: the link as the interview's `share_link` field shows it, without its URL. */
  basic_link: BasicShareLinkWithoutUrl | null;
  occurred_at: string;
  /** Grows with every change of the link (1 at creation): projections keep the highest they saw. */
  version: number;
}
