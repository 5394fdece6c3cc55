import { memoryStore } from '@vi/platform-testing';
import { FakeClock } from '@vi/platform-time';
import { aCompany, aJobSeekerUser, aUser, DAY, DEFAULT_AVATAR, principalOf, T0 } from '../../../test/factories';
import { InMemoryCompanies, InMemoryPlans, InMemoryUsers } from '../../../test/fakes';
import type { User } from '../../domain/user';
import { getMe } from './get-me';

describe('getMe', () => {
  const clock = new FakeClock(new Date(T0.getTime() + 3 * DAY));
  const company = aCompany({ planCode: 'starter' });
  const admin = aUser(company, { role: 'administrator', name: 'Ada' });
  const seeker = aJobSeekerUser();
  const users = new InMemoryUsers(admin, aUser(company), seeker);
  const sut = (user: User) =>
    getMe(
      { store: memoryStore({ users, companies: new InMemoryCompanies(company), plans: new InMemoryPlans() }), defaultAvatarUrl: DEFAULT_AVATAR, clock },
      principalOf(user),
    );

  it('shows a company user with their company and its plan as it is today', async () => {
    expect(await sut(admin)).toEqual({
      uuid: admin.uuid,
      name: 'Ada',
      email: admin.email,
      avatar: DEFAULT_AVATAR,
      type: 'company_user',
      company: {
        uuid: company.uuid,
        name: 'Acme',
        avatar: DEFAULT_AVATAR,
        plan: {
          code: 'starter',
          name: 'Starter',
          started_at: '2026-03-02T09:00:00+00:00',
          renews_at: '2026-04-02T09:00:00+00:00',
          jobs: { remaining: 1, limit: 1 },
          users: { remaining: 0, limit: 2, paid: 0 },
          downgrades_to: undefined,
          features: { advanced_share_links: false, interview_sms_notifications: false, api_access: true },
        },
      },
    });
  });

  it('shows a job seeker without a company', async () => {
    expect(await sut(seeker)).toMatchObject({ uuid: seeker.uuid, type: 'job_seeker', company: undefined });
  });
});
