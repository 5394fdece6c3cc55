import { startTestSystem, type TestSystem } from '../support/test-system';
import { expectError, expectRfc3339Timestamps } from '../support/expectations';

describe('GET /me, /plan, /companies/<uuid>', () => {
  let t: TestSystem;
  beforeAll(async () => {
    t = await startTestSystem();
  });
  afterAll(() => t.stop());

  it('GET /me shows the key owner with company and plan', async () => {
    const me = await t.admin.get('/me');
    expect(me.status).toBe(200);
    expect(me.body).toEqual({
      uuid: expect.any(String),
      name: 'Administrator',
      email: 'admin@bootstrap.example',
      avatar: 'http://localhost:8080/assets/default-avatar.svg',
      type: 'company_user',
      company: {
        uuid: expect.any(String),
        name: 'Bootstrap Company',
        avatar: expect.stringMatching(/^http/),
        plan: {
          name: 'Unlimited',
          started_at: expect.any(String),
          renews_at: expect.any(String),
          jobs: { remaining: -1, limit: -1 },
          users: { remaining: -1, limit: -1, paid: 0 },
          features: { advanced_share_links: true, interview_sms_notifications: true, api_access: true },
        },
      },
    });
    expectRfc3339Timestamps(me.body);
  });

  it('GET /plan wraps the plan and counts used user slots', async () => {
    const company = await t.createCompany('starter');
    const plan = await company.api.get('/plan');
    expect(plan.status).toBe(200);
    expect(plan.body.plan).toMatchObject({ name: 'Starter', jobs: { remaining: 1, limit: 1 }, users: { remaining: 1, limit: 2, paid: 0 } });
    expect(plan.body.plan.features).toEqual({ advanced_share_links: false, interview_sms_notifications: false, api_access: true });
    expect(plan.body.plan).not.toHaveProperty('downgrades_to');
    expect(new Date(plan.body.plan.renews_at).getTime()).toBeGreaterThan(new Date(plan.body.plan.started_at).getTime());
    expectRfc3339Timestamps(plan.body);
  });

  it('shows downgrades_to only after a downgrade, effective at the end of the period', async () => {
    const company = await t.createCompany('growth');
    await t.operator.setPlan(company.companyUuid, 'starter');
    const plan = (await company.api.get('/plan')).body.plan;
    expect(plan.name).toBe('Growth');
    expect(plan.downgrades_to).toEqual({ name: 'Starter', at: plan.renews_at });
    await t.operator.setPlan(company.companyUuid, 'unlimited');
    const upgraded = (await company.api.get('/plan')).body.plan;
    expect(upgraded.name).toBe('Unlimited');
    expect(upgraded).not.toHaveProperty('downgrades_to');
  });

  it('GET /companies/<uuid> reads the own company and 404s any other', async () => {
    const me = (await t.admin.get('/me')).body;
    const own = await t.admin.get(`/companies/${me.company.uuid}`);
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ uuid: me.company.uuid, name: 'Bootstrap Company', website: '', summary: '' });
    expect(Object.keys(own.body.social).sort()).toEqual(['facebook', 'gplus', 'pintrest', 'rss', 'twitter', 'youtube']);
    expectRfc3339Timestamps(own.body);

    const other = await t.createCompany();
    expectError(await t.admin.get(`/companies/${other.companyUuid}`), 404, 'api.company_not_found');
    expectError(await t.admin.get('/companies/not-a-uuid'), 404, 'api.not_found');
  });
});
