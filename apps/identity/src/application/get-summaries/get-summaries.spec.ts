import { memoryStore } from '@vi/platform-testing';
import type { Principal } from '@vi/platform-grpc';
import { aCompany, aJobSeekerUser, aService, aUser, DEFAULT_AVATAR, principalOf, T0 } from '../../../test/factories';
import { InMemoryCompanies, InMemoryUsers } from '../../../test/fakes';
import { getSummaries } from './get-summaries';

describe('getSummaries', () => {
  const [acme, other] = [aCompany(), aCompany({ name: 'Other' })];
  const [pat, gone, stranger] = [aUser(acme), aUser(acme, { name: 'Gone Person' }), aUser(other)];
  const seeker = aJobSeekerUser();
  const users = new InMemoryUsers(pat, gone, stranger, seeker);
  const everyone = { userUuids: [pat.uuid, gone.uuid, stranger.uuid, seeker.uuid, pat.uuid], companyUuids: [acme.uuid, other.uuid] };
  const sut = (caller: Principal, input = everyone) =>
    getSummaries({ store: memoryStore({ users, companies: new InMemoryCompanies(acme, other) }), defaultAvatarUrl: DEFAULT_AVATAR }, caller, input);

  beforeAll(() => users.markDeleted(gone.uuid, T0));

  it('names every user and company asked for to a service, deleted users included, each once', async () => {
    const found = await sut(aService('interviews'));
    expect(found.users.map((u) => u.uuid).sort()).toEqual([pat.uuid, gone.uuid, stranger.uuid, seeker.uuid].sort());
    expect(found.users.find((u) => u.uuid === gone.uuid)).toEqual({ uuid: gone.uuid, name: 'Gone Person', email: gone.email, avatar: DEFAULT_AVATAR });
    expect(found.companies.map((c) => c.name).sort()).toEqual(['Acme', 'Other']);
  });

  it('shows a user only their own company and its people, leaving the rest out', async () => {
    const found = await sut(principalOf(pat));
    expect(found.users.map((u) => u.uuid).sort()).toEqual([pat.uuid, gone.uuid].sort());
    expect(found.companies.map((c) => c.uuid)).toEqual([acme.uuid]);
    expect(await sut(principalOf(seeker))).toEqual({ users: [expect.objectContaining({ uuid: seeker.uuid })], companies: [] });
  });
});
