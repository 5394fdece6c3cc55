import { TAKE_CONTENT_TYPES } from '@vi/contracts';
import type { VideoContainer } from '../ports';

/** The container a take's content type names (`video/webm` → webm; the contract's list), undefined for any other. */
export function containerNamed(contentType: string): VideoContainer | undefined {
  return (TAKE_CONTENT_TYPES as readonly string[]).includes(contentType) ? (contentType.slice('video/'.length) as VideoContainer) : undefined;
}
