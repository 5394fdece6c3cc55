import { PrincipalCache } from './principal-cache';

const principal = (userUuid: string, companyUuid: string) => ({
  kind: 'user' as const,
  userUuid,
  companyUuid,
  role: 'standard' as const,
  userType: 'company_user' as const,
});

describe('PrincipalCache', () => {
  it('expires entries after the TTL', () => {
    const sut = new PrincipalCache(1_000);
    sut.set('f', { keyUuid: 'k', principal: principal('u', 'c') }, 0);
    expect(sut.get('f', 999)).toBeDefined();
    expect(sut.get('f', 1_000)).toBeUndefined();
  });

  it('never keeps a session past its end, however long the TTL', () => {
    const sut = new PrincipalCache(30_000);
    sut.set('s', { keyUuid: 'session:1', principal: principal('u', 'c'), notAfter: 5_000 }, 0);
    expect(sut.get('s', 4_999)).toBeDefined();
    expect(sut.get('s', 5_000)).toBeUndefined();
  });

  it('drops entries by key, user and company', () => {
    const sut = new PrincipalCache(60_000);
    sut.set('a', { keyUuid: 'k1', principal: principal('u1', 'c1') });
    sut.set('b', { keyUuid: 'k2', principal: principal('u2', 'c1') });
    sut.set('c', { keyUuid: 'k3', principal: principal('u3', 'c2') });
    expect(sut.revoke({ keyUuid: 'k1' })).toBe(1);
    expect(sut.revoke({ userUuid: 'u3' })).toBe(1);
    expect(sut.revoke({ companyUuid: 'c1' })).toBe(1);
    expect([sut.get('a'), sut.get('b'), sut.get('c')]).toEqual([undefined, undefined, undefined]);
  });

  it('never stores the raw key', () => {
    expect(PrincipalCache.fingerprint('vik_secret')).not.toContain('vik_secret');
  });
});
