import { createHmac } from 'node:crypto';
import { iceServersFor } from './ice-servers';

describe('iceServersFor', () => {
  const now = new Date('2026-03-02T09:00:00Z');
  const settings = {
    stunUrls: ['stun:stun.example:3478'],
    turnUrls: ['turn:turn.example:3478?transport=udp', 'turns:turn.example:443?transport=tcp'],
    turnSecret: 'the-shared-secret-of-coturn-and-us',
    turnCredentialTtlMs: 4 * 3600_000,
  };

  it('gives TURN a username naming its expiry and the participant, and the base64 HMAC-SHA1 of it as password', () => {
    const [stun, turn] = iceServersFor(settings, 'peer-1', now);

    expect(stun).toEqual({ urls: ['stun:stun.example:3478'] });
    const expiry = Date.parse('2026-03-02T13:00:00Z') / 1000;
    expect(turn).toEqual({
      urls: settings.turnUrls,
      username: `${expiry}:peer-1`,
      credential: createHmac('sha1', settings.turnSecret).update(`${expiry}:peer-1`).digest('base64'),
    });
    expect(iceServersFor(settings, 'peer-2', now)[1].credential).not.toBe(turn.credential);
  });

  it('gives no TURN server without a secret, and nothing at all unconfigured (npm start: the browsers on one machine need none)', () => {
    expect(iceServersFor({ ...settings, turnSecret: undefined }, 'p', now)).toEqual([{ urls: settings.stunUrls }]);
    expect(iceServersFor({ stunUrls: [], turnUrls: [], turnCredentialTtlMs: 1 }, 'p', now)).toEqual([]);
  });

  it('lets TURN credentials last no longer than the call’s window', () => {
    const closesAt = now.getTime() + 20 * 60_000;
    const [, turn] = iceServersFor(settings, 'peer-1', now, closesAt);
    expect(Number(turn.username!.split(':')[0])).toBe(closesAt / 1000);
    // A window longer than the TTL keeps the TTL.
    const [, later] = iceServersFor(settings, 'peer-1', now, now.getTime() + 10 * 3600_000);
    expect(Number(later.username!.split(':')[0]) * 1000).toBe(now.getTime() + settings.turnCredentialTtlMs);
  });
});
