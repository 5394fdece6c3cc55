import { memoryStore, type MemoryStore } from '@vi/platform-testing';
import { FakeClock } from '@vi/platform-time';
import { aCompany, aJobSeekerUser, aService, aUser, principalOf, T0 } from '../../../test/factories';
import { InMemoryCompanies, InMemoryUsers } from '../../../test/fakes';
import { requestPasswordReset } from './request-password-reset';

describe('requestPasswordReset', () => {
  const clock = new FakeClock(T0);
  const [acme, other] = [aCompany({ name: 'Acme' }), aCompany({ name: 'Other Corp' })];
  const [inAcme, inOther] = [aUser(acme, { email: 'pat@shared.example' }), aUser(other, { email: 'Pat@Shared.example' })];
  const users = new InMemoryUsers(
    inAcme,
    inOther,
    aUser(aCompany(), { email: 'pat@shared.example', active: false }),
    aJobSeekerUser({ email: 'pat@shared.example' }),
  );
  let store: MemoryStore<{ users: InMemoryUsers; companies: InMemoryCompanies }>;
  const sut = (email: string, caller = aService('gateway')) => requestPasswordReset({ store, defaultAvatarUrl: 'https://x/a.svg', clock }, caller, email);

  beforeEach(() => {
    store = memoryStore({ users, companies: new InMemoryCompanies(acme, other) });
  });

  it('asks for a reset email to every active company user with that address, in any company', async () => {
    await sut('PAT@shared.example');
    expect(store.published.map((e) => [e.subject, (e.payload as { uuid: string }).uuid])).toEqual([
      ['identity.user.password_reset_requested', inAcme.uuid],
      ['identity.user.password_reset_requested', inOther.uuid],
    ]);
    expect(store.published[0].payload).not.toHaveProperty('set_password_url');
    // One address, two companies' accounts: each email says which company its link is for (decision 034).
    expect(store.published.map((e) => (e.payload as { company_name: string }).company_name)).toEqual(['Acme', 'Other Corp']);
  });

  it('asks for nothing for an unknown address, and says nothing about it', async () => {
    await expect(sut('nobody@nowhere.example')).resolves.toBeUndefined();
    expect(store.published).toEqual([]);
  });

  it('is asked by the gateway only', async () => {
    await expect(sut('pat@shared.example', principalOf(inAcme))).rejects.toMatchObject({ code: 'api.operator_required' });
  });
});
