import type { components, operations } from '@vi/api-client';
import { APPLY_PATH, matchPagePath } from '@vi/contracts/web';
import { requestJson } from '../shared/api';

/** The open interview's public side (apps/gateway/src/routes/public-open-interviews.routes.ts, decision 045), as the OpenAPI description gives it. */
export type PublicOpenInterview = components['schemas']['PublicOpenInterview'];

type Apply = operations['postPublicOpenInterviewsByOpenInterviewApplications'];
/** An application as the page sends it: the page's language (the invitation email is written in it, decision 047) and the honeypot `website` (hidden from people, so anything in it came from a robot). */
export type Application = Apply['requestBody']['content']['application/json'];

export function openInterviewOf(location: Location): string | undefined {
  return matchPagePath(APPLY_PATH, location.pathname)?.openInterviewUuid;
}

export function readOpenInterview(uuid: string): Promise<PublicOpenInterview> {
  return requestJson('GET', `/v1.0/public/open_interviews/${encodeURIComponent(uuid)}`);
}

export function sendApplication(uuid: string, application: Application): Promise<Apply['responses'][202]['content']['application/json']> {
  return requestJson('POST', `/v1.0/public/open_interviews/${encodeURIComponent(uuid)}/applications`, {}, application);
}

/** A phone as typed, in E.164 (`+` and digits), or undefined when it cannot be one (no country code, too short or long). */
export function e164Of(typed: string): string | undefined {
  const compact = typed.replace(/[\s().-]/g, '');
  const international = compact.startsWith('00') ? `+${compact.slice(2)}` : compact;
  return /^\+[1-9]\d{6,14}$/.test(international) ? international : undefined;
}

/** A media URL of the API (absolute, under PUBLIC_BASE_URL) on this page's origin: the CSP lets media come from 'self'. */
export function sameOriginMedia(url: string): string {
  const parsed = new URL(url, window.location.href);
  return `${parsed.pathname}${parsed.search}`;
}
