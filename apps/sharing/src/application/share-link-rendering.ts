import { randomUUID } from 'node:crypto';
import { basicShareLinkJson, SharingSubjects, type BasicShareLinkJson, type BasicShareLinkWithoutUrl, type identity, type interviews, type sharing, type ShareLinkEventPayload, type SharingSubject } from '@vi/contracts';
import type { NewEvent } from '@vi/platform-bus';
import { toRfc3339 } from '@vi/platform-time';
import type { LinkedInterview, ShareLink } from '../domain/share-link';
import type { Caller, IdentityDirectory, LinkTokens } from './directories';

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

export function namesFor(identityDirectory: IdentityDirectory, caller: Caller, links: ShareLink[], extraUsers: string[] = []): Promise<Names> {
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
