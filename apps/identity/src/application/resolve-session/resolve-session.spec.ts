import { memoryStore } from '@vi/platform-testing';
import { FakeClock } from '@vi/platform-time';
import { aCompany, aService, aSession, aUser, HOUR, MINUTE, principalOf, T0 } from '../../../test/factories';
import { InMemorySessions, InMemoryUsers } from '../../../test/fakes';
import { bearerHash } from '../shared/bearer-hash';
import { resolveSession } from './resolve-session';

describe('resolveSession', () => {
  const clock = new FakeClock(T0);
  const pat = aUser(aCompany());
  let users: InMemoryUsers;
  let sessions: InMemorySessions;
  const sut = (sessionId = 'the-cookie', caller = aService('gateway')) =>
    resolveSession({ store: memoryStore({ sessions }), sessionLifetime: { idleMs: 2 * HOUR, absoluteMs: 12 * HOUR }, clock }, caller, sessionId);
  const at = (ms: number) => clock.set(new Date(T0.getTime() + ms));

  beforeEach(async () => {
    clock.set(T0);
    users = new InMemoryUsers(pat);
    sessions = new InMemorySessions(users);
    await sessions.insert({ ...aSession(pat), idHash: bearerHash('the-cookie') });
  });

  it('answers who the session acts for, and until when if left idle', async () => {
    at(30 * MINUTE);
    expect(await sut()).toEqual({
      session_uuid: expect.any(String),
      user_uuid: pat.uuid,
      company_uuid: pat.companyUuid,
      role: 'standard',
      user_type: 'company_user',
      ends_at: '2026-03-02T11:30:00+00:00',
      expires_at: '2026-03-02T21:00:00+00:00',
    });
  });

  it('ends after 2 idle hours; each use moves that end', async () => {
    at(2 * HOUR - 1000);
    await sut();
    at(4 * HOUR - 2000);
    await sut();
    at(6 * HOUR);
    await expect(sut()).rejects.toMatchObject({ code: 'api.session_invalid' });
  });

  it('ends 12 hours after sign-in however busy', async () => {
    for (let hour = 1.5; hour < 12; hour += 1.5) {
      at(hour * HOUR);
      await sut();
    }
    at(12 * HOUR);
    await expect(sut()).rejects.toMatchObject({ code: 'api.session_invalid' });
  });

  it('records use at most once a minute', async () => {
    at(30 * 1000);
    await sut();
    expect([...sessions.state.values()][0].lastSeenAt).toEqual(T0);
    at(MINUTE);
    await sut();
    expect([...sessions.state.values()][0].lastSeenAt).toEqual(clock.now());
  });

  it('refuses an unknown session, and that of a deleted or disabled user', async () => {
    await expect(sut('unknown')).rejects.toMatchObject({ code: 'api.session_invalid' });
    await expect(sut('')).rejects.toMatchObject({ code: 'api.session_invalid' });
    await users.markDeleted(pat.uuid, T0);
    await expect(sut()).rejects.toMatchObject({ code: 'api.session_invalid' });
  });

  it('is asked by the gateway only', async () => {
    await expect(sut('the-cookie', principalOf(pat))).rejects.toMatchObject({ code: 'api.operator_required' });
  });
});
