import type { components } from '@vi/api-client';
import { matchPagePath, SHARE_PATH } from '@vi/contracts/web';
import { requestJson } from '../shared/api';
import type { EvaluationPort } from '../shared/evaluation-form';

/** `GET /v1.0/public/share/<token>` (apps/gateway/src/routes/public-share.routes.ts, decision 015), as the OpenAPI description gives it. */
export type SharedView = components['schemas']['SharedView'];
export type SharedInterview = SharedView['interviews'][number];

/** A shared take or call recording, each with its transcript (null when none exists) and captions' URL (null unless done). */
export type SharedMedia = SharedInterview['questions'][number]['takes'][number] | SharedInterview['recordings'][number];

export function shareTokenOf(location: Location): string | undefined {
  return matchPagePath(SHARE_PATH, location.pathname)?.token;
}

export function openShare(token: string): Promise<SharedView> {
  return requestJson('GET', `/v1.0/public/share/${encodeURIComponent(token)}`);
}

/**
 * A take's or a recording's video on this page's own origin: the API gives an absolute URL
 * under PUBLIC_BASE_URL, and the CSP lets media come from 'self' only.
 */
export function sameOriginVideo(media: { video_url: string }): string {
  return sameOriginPath(media.video_url);
}

/** An absolute URL of the API (a video's, its captions') as a path on this page's origin. */
export function sameOriginPath(absolute: string): string {
  const url = new URL(absolute, window.location.href);
  return `${url.pathname}${url.search}`;
}

/**
 * The advanced link's reviewer evaluating one interview it opens (`/v1.0/public/share/<token>/evaluation`,
 * `?interview=<uuid>`): the same bodies as a company user's `…/evaluations/mine`.
 */
export function reviewerEvaluation(token: string, interviewUuid: string): EvaluationPort {
  const base = `/v1.0/public/share/${encodeURIComponent(token)}/evaluation`;
  const query = `?interview=${encodeURIComponent(interviewUuid)}`;
  return {
    load: () => requestJson('GET', `${base}${query}`),
    save: (body) => requestJson('PUT', `${base}${query}`, {}, body),
    submit: () => requestJson('POST', `${base}/submit${query}`, {}, {}),
  };
}
