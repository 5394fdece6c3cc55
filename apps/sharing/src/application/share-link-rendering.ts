import { randomUUID } from 'node:crypto';
import {
  basicShareLinkJson,
  SharingSubjects,
  type BasicShareLinkJson,
  type BasicShareLinkWithoutUrl,
  type identity,
  type interviews,
  type sharing,
  type ShareLinkEventPayload,
  type SharingSubject,
} from '@vi/contracts';
import type { NewEvent } from '@vi/platform-bus';
import { toRfc3339 } from '@vi/platform-time';
import type { Caller, Principal } from '@vi/platform-grpc';
import type { LinkedInterview, ShareLink } from '../domain/share-link';
import type { IdentityDirectory, LinkTokens, SharedMediaRef } from './ports';

/** An interview's place in a new link, with what it shows of the interview now (for the events). */
export function linkedInterviewOf(interview: interviews.Interview): LinkedInterview {
  return {
    uuid: randomUUID(),
    interviewUuid: interview.uuid,
    jobUuid: interview.job_post?.uuid ?? null,
    jobTitle: interview.job_post?.title ?? null,
    candidateName: interview.assigned_to?.name ?? null,
  };
}

/** Names of the people and company links show, fetched once per request. */
export interface Names {
  users: Map<string, identity.UserSummary>;
  companies: Map<string, identity.CompanySummary>;
}

export function namesFor(identityDirectory: IdentityDirectory, caller: Caller<Principal>, links: ShareLink[], extraUsers: string[] = []): Promise<Names> {
  return identityDirectory.summaries(
    caller,
    [...new Set([...links.flatMap((l) => [l.createdBy, l.updatedBy]), ...extraUsers])],
    [...new Set(links.map((l) => l.companyUuid))],
  );
}

export function renderBasic(link: ShareLink, tokens: LinkTokens, names: Names): interviews.ShareLink {
  return {
    uuid: link.uuid,
    url: tokens.urlFor(link.uuid),
    type: link.type,
    status: link.status,
    created_at: toRfc3339(link.createdAt),
    updated_at: toRfc3339(link.updatedAt),
    updated_by: names.users.get(link.updatedBy),
  };
}

export function renderAdvanced(
  link: ShareLink,
  tokens: LinkTokens,
  names: Names,
  extra: Pick<sharing.AdvancedShareLink, 'interviews' | 'job'> = { interviews: [] },
): sharing.AdvancedShareLink {
  return {
    uuid: link.uuid,
    url: tokens.urlFor(link.uuid),
    status: link.status,
    created_at: toRfc3339(link.createdAt),
    updated_at: toRfc3339(link.updatedAt),
    reviewer: link.reviewer ?? undefined,
    company: names.companies.get(link.companyUuid),
    created_by: names.users.get(link.createdBy),
    updated_by: names.users.get(link.updatedBy),
    ...extra,
  };
}

/** The interviews a link opens that `current` (the interviews service, now) still has, in the link's order. */
export function renderLinkedInterviews(link: ShareLink, current: interviews.SharedInterview[]): sharing.LinkedInterview[] {
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

/** What the link shows of one take or call recording beside its facts: its video URL through the token, its transcript and captions. */
export type SharedMedia = (video: SharedMediaRef) => Pick<sharing.SharedTake, 'video_url' | 'transcript' | 'captions_url'>;

/**
 * What a reviewer sees through a link: its completed interviews (`completed`, in the link's order), every take and
 * call recording with its video URL through the token (and its transcript and captions when it has them).
 */
export function renderSharedView(link: ShareLink, completed: interviews.SharedInterview[], media: SharedMedia): sharing.SharedView {
  return {
    share_link_uuid: link.uuid,
    company_name: completed[0]?.interview?.company?.name ?? '',
    interviews: completed.map((s) => sharedInterview(s.interview!, s, media)),
    // Who may evaluate through the link, and for which company (decision 070): an advanced link's reviewer only.
    company_uuid: link.companyUuid,
    reviewer: link.kind === 'advanced' && link.reviewer ? { name: link.reviewer.name, email: link.reviewer.email } : undefined,
  };
}

function sharedInterview(
  interview: interviews.Interview,
  { takes, recordings }: Pick<interviews.SharedInterview, 'takes' | 'recordings'>,
  media: SharedMedia,
): sharing.SharedInterview {
  return {
    uuid: interview.uuid,
    type: interview.type,
    completed_at: interview.completed_at,
    job_title: interview.job_post?.title ?? '',
    candidate_name: interview.assigned_to?.name ?? '',
    questions: interview.questions.map((q) => ({
      uuid: q.uuid,
      text: q.text,
      time_limit: q.unlimited_time ? undefined : q.time_limit,
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
          ...media({ takeUuid: t.uuid }),
        })),
    })),
    recordings: recordings.map((r) => ({
      uuid: r.uuid,
      started_at: r.started_at,
      ended_at: r.ended_at ?? r.started_at,
      duration_seconds: r.duration_seconds,
      content_type: r.content_type,
      size: r.size,
      ...media({ recordingUuid: r.uuid }),
    })),
  };
}

/** Link URLs for the services that show them (decision 018). */
export function renderLinkUrls(linkUuids: string[], tokens: LinkTokens): sharing.ShareLinkUrls {
  return { links: linkUuids.map((uuid) => ({ uuid, url: tokens.urlFor(uuid) })) };
}

/** A share link event (decision 006: written in the change's transaction). */
export function linkEvent(subject: SharingSubject, link: ShareLink, tokens: LinkTokens, names: Names): NewEvent<ShareLinkEventPayload> {
  const company = names.companies.get(link.companyUuid);
  return {
    subject,
    payload: {
      uuid: link.uuid,
      kind: link.kind,
      status: link.status,
      company: { uuid: link.companyUuid, name: company?.name ?? '' },
      interviews: link.interviews.map((i) => ({ uuid: i.interviewUuid, job_title: i.jobTitle, candidate_name: i.candidateName })),
      reviewer: link.reviewer,
      // Only the creation of an advanced link may ask for the reviewer's email.
      send_email: subject === SharingSubjects.ShareLinkCreated && link.kind === 'advanced' && link.sendEmail,
      created_by: names.users.get(link.createdBy) ?? null,
      updated_by: names.users.get(link.updatedBy) ?? null,
      basic_link: link.kind === 'basic' ? withoutUrl(basicShareLinkJson(renderBasic(link, tokens, names))) : null,
      occurred_at: toRfc3339(link.deletedAt ?? link.updatedAt),
      version: link.version,
    },
  };
}

function withoutUrl(link: BasicShareLinkJson): BasicShareLinkWithoutUrl {
  const { url: _url, ...rest } = link;
  return rest;
}
