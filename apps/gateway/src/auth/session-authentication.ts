import type { UserPrincipal } from '@vi/platform-grpc';
import type { Upstreams } from '../upstream/upstreams';
import type { CachedPrincipal } from './principal-cache';
import { GATEWAY_PRINCIPAL } from './request-context';

/** The cache key of a session: its rate-limit bucket and what `identity.session.revoked` names. */
export function sessionKeyUuid(sessionUuid: string): string {
  return `session:${sessionUuid}`;
}

/** The principal identity resolved an API key or a session to. */
export function companyPrincipalOf(resolved: { user_uuid: string; company_uuid?: string; role?: string; user_type: string }): UserPrincipal {
  return {
    kind: 'user',
    userUuid: resolved.user_uuid,
    companyUuid: resolved.company_uuid ?? null,
    role: (resolved.role as 'administrator' | 'standard' | undefined) ?? null,
    userType: resolved.user_type as 'company_user' | 'job_seeker',
  };
}

/** A session cookie → the company user it acts for, exactly as that user's API key would (identity checks it). */
export async function resolveSessionPrincipal(upstreams: Upstreams, sessionId: string, deadline: Date): Promise<CachedPrincipal> {
  const session = await upstreams.identity.call(
    (c) => c.resolveSession,
    { session_id: sessionId },
    { principal: GATEWAY_PRINCIPAL, deadline, idempotent: true },
  );
  return { keyUuid: sessionKeyUuid(session.session_uuid), principal: companyPrincipalOf(session), notAfter: Date.parse(session.ends_at) };
}

/**
 * A candidate token (from an interview link) → the job seeker of that one interview (interviews checks it), never
 * cached past its `valid_until`: after the due time a token opens a take upload only (decision 042).
 */
export async function resolveCandidatePrincipal(upstreams: Upstreams, token: string, deadline: Date, forTakeUpload = false): Promise<CachedPrincipal> {
  const scope = await upstreams.candidateInterviews.call(
    (c) => c.resolveCandidateToken,
    { token, for_take_upload: forTakeUpload },
    { principal: GATEWAY_PRINCIPAL, deadline, idempotent: true },
  );
  return {
    keyUuid: `candidate:${scope.interview_uuid}`,
    notAfter: Date.parse(scope.valid_until),
    principal: { kind: 'user', userUuid: scope.candidate_uuid, companyUuid: null, role: null, userType: 'job_seeker', interviewUuid: scope.interview_uuid },
  };
}
