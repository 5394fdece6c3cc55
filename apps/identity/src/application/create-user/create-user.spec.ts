import { memoryStore, type MemoryStore } from '@vi/platform-testing';
import { FakeClock } from '@vi/platform-time';
import { aCompany, aJobSeekerUser, aUser, DAY, DEFAULT_AVATAR, principalOf, T0 } from '../../../test/factories';
import { InMemoryCompanies, InMemoryPlans, InMemoryUsers } from '../../../test/fakes';
import type { Company } from '../../domain/user';
import { createUser, type CreateUserInput } from './create-user';

describe('createUser', () => {
  const clock = new FakeClock(new Date(T0.getTime() + DAY));
  const input: CreateUserInput = { name: 'Nora New', email: 'nora@acme.example', role: 'standard' };
  let company: Company;
  let users: InMemoryUsers;
  let store: MemoryStore<{ companies: InMemoryCompanies; plans: InMemoryPlans; users: InMemoryUsers }>;
  const admin = () => principalOf([...users.state.values()][0].user);
  const sut = (given: Partial<CreateUserInput> = {}, principal = admin()) =>
    createUser({ store, defaultAvatarUrl: DEFAULT_AVATAR, clock }, principal, { ...input, ...given });
  const withCompany = (overrides: Partial<Company> = {}) => {
    company = aCompany(overrides);
    users = new InMemoryUsers(aUser(company, { role: 'administrator' }));
    store = memoryStore({ companies: new InMemoryCompanies(company), plans: new InMemoryPlans(), users });
  };

  beforeEach(() => withCompany({ planCode: 'starter' }));

  it('adds a user to the company, shown as the API shows it, and says so on the bus (notifications sends the welcome email)', async () => {
    const user = await sut();

    expect(user).toEqual({
      uuid: expect.any(String),
      active: true,
      name: 'Nora New',
      email: 'nora@acme.example',
      role: 'standard',
      avatar: DEFAULT_AVATAR,
      company: { uuid: company.uuid, name: 'Acme', avatar: DEFAULT_AVATAR },
      created_at: '2026-03-03T09:00:00+00:00',
      updated_at: '2026-03-03T09:00:00+00:00',
    });
    expect(await users.find(user.uuid)).toMatchObject({ companyUuid: company.uuid, type: 'company_user' });
    expect(store.published).toEqual([
      { subject: 'identity.user.created', payload: expect.objectContaining({ uuid: user.uuid, company_uuid: company.uuid, email: 'nora@acme.example' }) },
    ]);
  });

  it('refuses once the plan has no user slot left, unless extra users are paid for', async () => {
    await sut();
    await expect(sut({ email: 'third@acme.example' })).rejects.toMatchObject({ code: 'api.plan_user_slots_exhausted' });
    expect(store.published).toHaveLength(1);

    withCompany({ planCode: 'starter', usersPaid: 1 });
    await sut();
    await expect(sut({ email: 'second@acme.example' })).resolves.toMatchObject({ email: 'second@acme.example' });
  });

  it('counts a downgrade whose date has come: the smaller plan decides', async () => {
    withCompany({ planCode: 'growth', downgradePlanCode: 'essentials', downgradeAt: new Date(clock.now().getTime() - 1) });
    await expect(sut()).rejects.toMatchObject({ code: 'api.plan_user_slots_exhausted' });

    withCompany({ planCode: 'growth', downgradePlanCode: 'essentials', downgradeAt: new Date(clock.now().getTime() + 1) });
    await expect(sut()).resolves.toMatchObject({ name: 'Nora New' });
  });

  it('refuses an email a user of the company already has, in any case', async () => {
    withCompany({ planCode: 'growth' });
    await sut();
    await expect(sut({ email: 'NORA@acme.example' })).rejects.toMatchObject({ code: 'api.user_email_taken' });
  });

  it('is for administrators of a company', async () => {
    const standard = aUser(company);
    await expect(sut({}, principalOf(standard))).rejects.toMatchObject({ code: 'api.administrator_required' });
    await expect(sut({}, principalOf(aJobSeekerUser()))).rejects.toMatchObject({ code: 'api.company_user_required' });
  });
});
