import { clientKey } from './client-key';
import { SignInLimits } from './sign-in-limits';

describe('SignInLimits', () => {
  const sut = () => new SignInLimits({ perAccount: 2, perIp: 3, windowSeconds: 900 });

  it('reserves before the password is checked: a parallel burst from one /64 stops at the limit', async () => {
    const limits = sut();
    const decisions = await Promise.all(Array.from({ length: 10 }, (_, i) => limits.reserveSignIn(clientKey(`2001:db8::${i + 1}`))));
    expect(decisions.filter((d) => d === null)).toHaveLength(3);
    expect(decisions.find((d) => d !== null)).toMatchObject({ allowed: false, limit: 3, remaining: 0, resetSeconds: 900 });
  });

  it('a released attempt (not a wrong password) can be taken again', async () => {
    const limits = sut();
    for (let i = 0; i < 3; i++) expect(await limits.reserveSignIn('198.51.100.1')).toBeNull();
    await limits.releaseSignIn('198.51.100.1');
    expect(await limits.reserveSignIn('198.51.100.1')).toBeNull();
    expect(await limits.reserveSignIn('198.51.100.1')).not.toBeNull();
  });

  it('counts forgot-password requests per address, whatever its case, and per client', async () => {
    const limits = sut();
    expect(await limits.reservePasswordReset('pat@acme.example', '198.51.100.2')).toBeNull();
    expect(await limits.reservePasswordReset('PAT@acme.example', '198.51.100.3')).toBeNull();
    expect(await limits.reservePasswordReset('pat@acme.example', '198.51.100.4')).toMatchObject({ limit: 2 });
  });
});
