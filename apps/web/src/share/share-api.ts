import { requestJson } from '../shared/api';

/** `GET /v1.0/public/share/<token>` (apps/gateway/src/routes/public-share.routes.ts, decision 015). */
export interface SharedTake {
  uuid: string;
  number: number;
  content_type: string;
  duration_seconds: number;
  video_url: string;
}

export interface SharedQuestion {
  uuid: string;
  text: string;
  time_limit: number;
  skipped: boolean;
  takes: SharedTake[];
}

export interface SharedInterview {
  uuid: string;
  completed_at: string | null;
  job: { title: string };
  candidate: { name: string };
  questions: SharedQuestion[];
}

export interface SharedView {
  company: { name: string };
  interviews: SharedInterview[];
}

export function shareTokenOf(location: Location): string | undefined {
  const match = /^\/share\/([A-Za-z0-9_-]+)\/?$/.exec(location.pathname);
  return match?.[1];
}

export function openShare(token: string): Promise<SharedView> {
  return requestJson('GET', `/v1.0/public/share/${encodeURIComponent(token)}`);
}

/**
 * The take's video on this page's own origin: the API gives an absolute URL
 * under PUBLIC_BASE_URL, and the CSP lets media come from 'self' only.
 */
export function sameOriginVideo(take: SharedTake): string {
  const url = new URL(take.video_url, window.location.href);
  return `${url.pathname}${url.search}`;
}
