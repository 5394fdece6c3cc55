import { el } from './dom';

/**
 * A job video's WebVTT captions (issue 42), shown by default (WCAG 1.2.2): the path of their url on this page's
 * origin, as the video's, so the CSP's `media-src 'self'` allows them and no CORS is needed. Null without captions.
 */
export function captionsTrack(captionsUrl: string | null | undefined, label: string): HTMLTrackElement | null {
  if (!captionsUrl) return null;
  const parsed = new URL(captionsUrl, window.location.href);
  return el('track', { kind: 'captions', default: true, label, src: `${parsed.pathname}${parsed.search}` });
}
