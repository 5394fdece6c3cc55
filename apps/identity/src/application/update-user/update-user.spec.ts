import { memoryStore, type MemoryStore } from '@vi/platform-testing';
import { FakeClock } from '@vi/platform-time';
import { aCompany, aUser, DAY, DEFAULT_AVATAR, principalOf, T0 } from '../../../test/factories';
import { InMemoryCompanies, InMemoryUsers } from '../../../test/fakes';
import type { UserPrincipal } from '@vi/platform-grpc';
import { updateUser, type UpdateUserInput } from './update-user';

describe('updateUser', () => {
  const clock = new FakeClock(new Date(T0.getTime() + DAY));
  const company = aCompany();
  const admin = aUser(company, { role: 'administrator' });
  const pat = aUser(company, { name: 'Pat', email: 'pat@acme.example' });
  const kim = aUser(company, { name: 'Kim', email: 'kim@acme.example' });
  let users: InMemoryUsers;
  let store: MemoryStore<{ users: InMemoryUsers; companies: InMemoryCompanies }>;
  const sut = (principal: UserPrincipal, input: UpdateUserInput) => updateUser({ store, defaultAvatarUrl: DEFAULT_AVATAR, clock }, principal, input);

  beforeEach(() => {
    users = new InMemoryUsers(admin, pat, kim);
    store = memoryStore({ users, companies: new InMemoryCompanies(company) });
  });

  it('lets an administrator rename a user; the change shows and goes on the bus at the time it was made', async () => {
    const updated = await sut(principalOf(admin), { userUuid: pat.uuid, name: 'Patricia' });

    expect(updated).toMatchObject({
      name: 'Patricia',
      email: 'pat@acme.example',
      updated_at: '2026-03-03T09:00:00+00:00',
      created_at: '2026-03-02T09:00:00+00:00',
    });
    expect(await users.find(pat.uuid)).toMatchObject({ name: 'Patricia' });
    expect(store.published).toEqual([
      { subject: 'identity.user.updated', payload: expect.objectContaining({ uuid: pat.uuid, name: 'Patricia', occurred_at: '2026-03-03T09:00:00+00:00' }) },
    ]);
  });

  it('lets a user change their own email, also only its case', async () => {
    await expect(sut(principalOf(pat), { userUuid: pat.uuid, email: 'PAT@acme.example' })).resolves.toMatchObject({ email: 'PAT@acme.example' });
    await expect(sut(principalOf(pat), { userUuid: pat.uuid, email: 'patricia@acme.example' })).resolves.toMatchObject({ email: 'patricia@acme.example' });
  });

  it('does not let a standard user change someone else', async () => {
    await expect(sut(principalOf(pat), { userUuid: kim.uuid, name: 'Not Kim' })).rejects.toMatchObject({ code: 'api.administrator_required' });
    expect(await users.find(kim.uuid)).toMatchObject({ name: 'Kim' });
  });

  it("refuses a colleague's email, in any case, and publishes nothing", async () => {
    await expect(sut(principalOf(admin), { userUuid: pat.uuid, email: 'KIM@acme.example' })).rejects.toMatchObject({ code: 'api.user_email_taken' });
    expect(store.published).toEqual([]);
  });

  it('answers 404 for a user of another company', async () => {
    const stranger = aUser(aCompany());
    users.state.set(stranger.uuid, { user: stranger, deletedAt: null });
    await expect(sut(principalOf(admin), { userUuid: stranger.uuid, name: 'X' })).rejects.toMatchObject({ code: 'api.user_not_found' });
  });
});
