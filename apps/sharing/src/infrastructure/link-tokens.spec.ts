import { HmacLinkTokens } from './link-tokens';

describe('HmacLinkTokens', () => {
  const sut = new HmacLinkTokens('https://api.example.com', 's'.repeat(32));
  const uuid = '0b9e3f5c-2f43-4b8e-9a51-6a1d2c3b4e5f';

  it('derives a 256-bit base64url token per link, the same on every read', () => {
    const token = sut.tokenFor(uuid);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(sut.tokenFor(uuid)).toBe(token);
    expect(sut.urlFor(uuid)).toBe(`https://api.example.com/share/${token}`);
    expect(sut.videoUrlFor(token, { takeUuid: 't1' })).toBe(`https://api.example.com/v1.0/public/share/${token}/takes/t1/video`);
    expect(sut.videoUrlFor(token, { recordingUuid: 'r1' })).toBe(`https://api.example.com/v1.0/public/share/${token}/recordings/r1/video`);
    expect(sut.captionsUrlFor(token, { takeUuid: 't1' })).toBe(`https://api.example.com/v1.0/public/share/${token}/takes/t1/captions.vtt`);
    expect(sut.captionsUrlFor(token, { recordingUuid: 'r1' })).toBe(`https://api.example.com/v1.0/public/share/${token}/recordings/r1/captions.vtt`);
  });

  it('gives other links and other secrets other tokens', () => {
    expect(sut.tokenFor('1b9e3f5c-2f43-4b8e-9a51-6a1d2c3b4e5f')).not.toBe(sut.tokenFor(uuid));
    expect(new HmacLinkTokens('https://api.example.com', 't'.repeat(32)).tokenFor(uuid)).not.toBe(sut.tokenFor(uuid));
  });

  it('stores a hash that is not the token, and hashes nothing that cannot be a token', () => {
    const token = sut.tokenFor(uuid);
    expect(sut.hashOf(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(sut.hashOf(token)).not.toContain(token);
    for (const bad of ['', uuid, `${token}x`, token.slice(1), `${token.slice(0, -1)}/`]) expect(sut.hashOf(bad)).toBeUndefined();
  });
});
