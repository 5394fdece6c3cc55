import { memoryStore, type MemoryStore } from '@vi/platform-testing';
import { aCompany, aService, aSession, aUser } from '../../../test/factories';
import { InMemorySessions, InMemoryUsers } from '../../../test/fakes';
import { bearerHash } from '../shared/bearer-hash';
import { signOut } from './sign-out';

describe('signOut', () => {
  const pat = aUser(aCompany());
  let sessions: InMemorySessions;
  let store: MemoryStore<{ sessions: InMemorySessions }>;
  const sut = (sessionId: string) => signOut({ store }, aService('gateway'), sessionId);

  beforeEach(async () => {
    sessions = new InMemorySessions(new InMemoryUsers(pat));
    await sessions.insert({ ...aSession(pat, { uuid: 'session-1' }), idHash: bearerHash('cookie-1') });
    await sessions.insert({ ...aSession(pat), idHash: bearerHash('cookie-2') });
    store = memoryStore({ sessions });
  });

  it('ends that session only, and tells every gateway to drop it', async () => {
    await sut('cookie-1');
    expect(await sessions.findByIdHash(bearerHash('cookie-1'))).toBeUndefined();
    expect(await sessions.findByIdHash(bearerHash('cookie-2'))).toBeDefined();
    expect(store.published).toEqual([
      { subject: 'identity.session.revoked', payload: { user_uuid: pat.uuid, session_uuid: 'session-1', reason: 'signed_out' } },
    ]);
  });

  it('ends an unknown session quietly', async () => {
    await expect(sut('unknown')).resolves.toBeUndefined();
    expect(store.published).toEqual([]);
  });
});
