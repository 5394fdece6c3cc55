import { createHash, createHmac } from 'node:crypto';
import { pagePath, SHARE_PATH } from '@vi/contracts';
import type { LinkTokens, SharedMediaRef } from '../application/ports';

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/**
 * Tokens derived from the link's uuid with a secret (HMAC-SHA256, 256 bits,
 * base64url): the URL can be shown again on every read, yet the database keeps
 * only a SHA-256 of the token, so its contents alone open no link. Changing
 * SHARE_LINK_SECRET invalidates every link (decision 015).
 */
export class HmacLinkTokens implements LinkTokens {
  constructor(
    private readonly publicBaseUrl: string,
    private readonly secret: string,
  ) {}

  tokenFor(linkUuid: string): string {
    return createHmac('sha256', this.secret).update(`share-link:${linkUuid}`).digest('base64url');
  }

  hashOf(token: string): string | undefined {
    return TOKEN.test(token) ? createHash('sha256').update(token).digest('hex') : undefined;
  }

  urlFor(linkUuid: string): string {
    return `${this.publicBaseUrl}${pagePath(SHARE_PATH, { token: this.tokenFor(linkUuid) })}`;
  }

  videoUrlFor(token: string, video: SharedMediaRef): string {
    return this.mediaUrl(token, video, 'video');
  }

  captionsUrlFor(token: string, video: SharedMediaRef): string {
    return this.mediaUrl(token, video, 'captions.vtt');
  }

  private mediaUrl(token: string, video: SharedMediaRef, what: 'video' | 'captions.vtt'): string {
    const path = 'takeUuid' in video ? `takes/${video.takeUuid}` : `recordings/${video.recordingUuid}`;
    return `${this.publicBaseUrl}/v1.0/public/share/${token}/${path}/${what}`;
  }
}
