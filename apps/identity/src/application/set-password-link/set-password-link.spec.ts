import { memoryStore } from '@vi/platform-testing';
import { FakeClock } from '@vi/platform-time';
import type { Principal } from '@vi/platform-grpc';
import { aCompany, aJobSeekerUser, aService, aUser, T0 } from '../../../test/factories';
import { InMemorySetPasswordTokens, InMemoryUsers } from '../../../test/fakes';
import { bearerHash } from '../shared/bearer-hash';
import { issueSetPasswordLink, SET_PASSWORD_TOKEN_TTL_MS } from './set-password-link';

describe('issueSetPasswordLink', () => {
  const clock = new FakeClock(T0);
  const pat = aUser(aCompany());
  const seeker = aJobSeekerUser();
  const tokens = new InMemorySetPasswordTokens();
  const sut = (userUuid: string, caller: Principal = aService('notifications'), recipient = pat.email) =>
    issueSetPasswordLink(
      { store: memoryStore({ users: new InMemoryUsers(pat, seeker), setPasswordTokens: tokens }), publicBaseUrl: 'https://app.example', clock },
      caller,
      { userUuid, recipient },
    );

  it('issues a new link each time, working for 7 days; identity keeps only the hash of its token', async () => {
    const { url } = await sut(pat.uuid);
    const again = await sut(pat.uuid);

    expect(url).toMatch(/^https:\/\/app\.example\/set-password\?token=[A-Za-z0-9_-]{43}$/);
    expect(again.url).not.toBe(url);
    const token = new URL(url).searchParams.get('token')!;
    expect(JSON.stringify(tokens.state)).not.toContain(token);
    expect(await tokens.consume(bearerHash(token), new Date(T0.getTime() + SET_PASSWORD_TOKEN_TTL_MS - 1))).toBe(pat.uuid);
    const second = new URL(again.url).searchParams.get('token')!;
    expect(await tokens.consume(bearerHash(second), new Date(T0.getTime() + SET_PASSWORD_TOKEN_TTL_MS))).toBeUndefined();
  });

  it('issues none for an email planned to an address the user no longer has; the case of the address does not matter', async () => {
    await expect(sut(pat.uuid, aService('notifications'), 'typo@acme.example')).rejects.toMatchObject({ code: 'api.user_not_found' });
    await expect(sut(pat.uuid, aService('notifications'), pat.email.toUpperCase())).resolves.toMatchObject({ url: expect.any(String) });
  });

  it('issues none for a job seeker or an unknown user', async () => {
    await expect(sut(seeker.uuid)).rejects.toMatchObject({ code: 'api.user_not_found' });
  });

  it('answers only the notifications service', async () => {
    await expect(sut(pat.uuid, aService('gateway'))).rejects.toMatchObject({ code: 'api.operator_required' });
  });
});
