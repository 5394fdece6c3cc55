import type { components } from '@vi/api-client';
import { requestJson } from '../shared/api';

/** The open interview's public side (apps/gateway/src/routes/public-open-interviews.routes.ts, decision 045), as the OpenAPI description gives it. */
export type PublicOpenInterview = components['schemas']['PublicOpenInterview'];

export interface Application {
  name: string;
  email: string;
  phone?: string;
  phone_parsed?: string;
  has_sms_consent?: boolean;
  /** The page's language: the invitation email is written in it (decision 047). */
  language: string;
  /** The honeypot: hidden from people, so anything in it came from a robot. */
  website: string;
}

const UUID = /^\/apply\/([0-9a-fA-F-]{36})\/?$/;

export function openInterviewOf(location: Location): string | undefined {
  return UUID.exec(location.pathname)?.[1];
}

export function readOpenInterview(uuid: string): Promise<PublicOpenInterview> {
  return requestJson('GET', `/v1.0/public/open_interviews/${encodeURIComponent(uuid)}`);
}

export function sendApplication(uuid: string, application: Application): Promise<{ reason: string }> {
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
