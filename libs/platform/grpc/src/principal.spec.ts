import { PrincipalTokens, type UserPrincipal } from './principal';

const ann: UserPrincipal = { kind: 'user', userUuid: 'u-ann', companyUuid: 'c-1', role: 'administrator', userType: 'company_user' };
const bob: UserPrincipal = { kind: 'user', userUuid: 'u-bob', companyUuid: 'c-1', role: 'standard', userType: 'company_user' };
const secret = 'a-secret-of-at-least-thirty-two-characters';

describe('principal tokens', () => {
  afterEach(() => jest.useRealTimers());

  it('carries each principal, and refuses a token signed with another secret', () => {
    const sut = new PrincipalTokens(secret);
    expect(sut.verify(sut.sign(ann))).toEqual(ann);
    expect(sut.verify(sut.sign(bob))).toEqual(bob);
    expect(sut.verify(sut.sign({ kind: 'service', service: 'gateway' }))).toEqual({ kind: 'service', service: 'gateway' });
    const forged = new PrincipalTokens('another-secret-of-thirty-two-characters!').sign(ann);
    expect(sut.verify(forged)).toBeNull();
    expect(sut.verify(`${sut.sign(ann)}x`)).toBeNull();
  });

  it('reuses a signed token for half its life only, and never accepts one past its expiry, verified before or not', () => {
    jest.useFakeTimers({ now: new Date('2026-11-24T10:00:00Z') });
    const sut = new PrincipalTokens(secret, 60);
    const receiver = new PrincipalTokens(secret, 60);
    const first = sut.sign(ann);
    expect(receiver.verify(first)).toEqual(ann);
    jest.setSystemTime(new Date('2026-11-24T10:00:29Z'));
    expect(sut.sign(ann)).toBe(first);
    jest.setSystemTime(new Date('2026-11-24T10:00:31Z'));
    const second = sut.sign(ann);
    expect(second).not.toBe(first);
    jest.setSystemTime(new Date('2026-11-24T10:01:00Z'));
    // the receiver verified `first` before; its expiry still counts
    expect(receiver.verify(first)).toBeNull();
    expect(new PrincipalTokens(secret, 60).verify(first)).toBeNull();
    expect(receiver.verify(second)).toEqual(ann);
  });
});
