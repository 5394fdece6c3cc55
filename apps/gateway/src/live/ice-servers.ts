import { createHmac } from 'node:crypto';
import type { IceServer } from '@vi/contracts';

export interface IceSettings {
  stunUrls: string[];
  turnUrls: string[];
  /** The secret coturn shares (`use-auth-secret`, `static-auth-secret`); required with TURN URLs. */
  turnSecret?: string;
  turnCredentialTtlMs: number;
}

/**
 * The ICE servers for one participant: STUN as configured, and TURN with credentials of the TURN REST API scheme
 * coturn implements with `use-auth-secret` (username `<expiry unix seconds>:<participant>`, password
 * base64(HMAC-SHA1(secret, username))): short-lived and derived per participant, so the page never holds a fixed
 * password and a leaked one expires by itself (decision 039).
 */
export function iceServersFor(settings: IceSettings, participantId: string, now: Date, notAfterMs = Infinity): IceServer[] {
  const servers: IceServer[] = [];
  if (settings.stunUrls.length > 0) servers.push({ urls: settings.stunUrls });
  // Valid `TURN_CREDENTIAL_TTL`, and never past `notAfterMs` (the end of the call's join window, issue 38).
  const ttlMs = Math.max(0, Math.min(settings.turnCredentialTtlMs, notAfterMs - now.getTime()));
  if (settings.turnUrls.length > 0 && settings.turnSecret)
    servers.push({ urls: settings.turnUrls, ...turnCredential(settings.turnSecret, participantId, now, ttlMs) });
  return servers;
}

export function turnCredential(secret: string, participantId: string, now: Date, ttlMs: number): { username: string; credential: string } {
  const username = `${Math.floor((now.getTime() + ttlMs) / 1000)}:${participantId}`;
  return { username, credential: createHmac('sha1', secret).update(username).digest('base64') };
}
