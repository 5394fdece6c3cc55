import { memoryStore } from '@vi/platform-testing';
import { FakeClock } from '@vi/platform-time';
import { aCompanyUser, aJobSeeker, fakeSealer, T0 } from '../../../test/factories';
import { notificationsFakes, type NotificationsRepositoryFakes } from '../../../test/fakes';
import { createWebhook } from './create-webhook';

describe('createWebhook', () => {
  const owner = aCompanyUser();
  let db: NotificationsRepositoryFakes;
  const sut = (input: { url: string; description?: string; httpAuth?: string }, principal = owner) =>
    createWebhook({ store: memoryStore({ webhooks: db.webhooks }), sealer: fakeSealer, allowPrivateTargets: false, clock: new FakeClock(T0) }, principal, {
      description: '',
      ...input,
    });

  beforeEach(() => {
    db = notificationsFakes();
  });

  it('answers the webhook with its signing secret, which is stored only sealed, as are the basic-auth credentials', async () => {
    const created = await sut({ url: 'https://hooks.example/in', description: 'ATS', httpAuth: 'bot:pa55' });

    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(created.webhook).toEqual({
      uuid: expect.any(String),
      description: 'ATS',
      url: 'https://hooks.example/in',
      http_auth: true,
      status: 'active',
      failing_since: undefined,
    });
    const [stored] = db.webhooks.state;
    expect(JSON.stringify(stored)).not.toContain(created.secret);
    expect(JSON.stringify(stored)).not.toContain('pa55');
    expect(fakeSealer.open(stored.secret_ciphertext)).toBe(created.secret);
    expect(stored).toMatchObject({ user_uuid: owner.userUuid, company_uuid: owner.companyUuid, failures_counted_from: T0, created_at: T0 });
  });

  it('says when no basic auth is sent', async () => {
    expect((await sut({ url: 'https://hooks.example/in' })).webhook).toMatchObject({ http_auth: false });
  });

  it('refuses a literal private address and stores nothing', async () => {
    await expect(sut({ url: 'http://10.0.0.8/hook' })).rejects.toMatchObject({ code: 'api.webhook_url_not_allowed' });
    expect(db.webhooks.state).toEqual([]);
  });

  it('is for company users only', async () => {
    await expect(sut({ url: 'https://hooks.example/in' }, aJobSeeker())).rejects.toMatchObject({ code: 'api.company_user_required' });
  });
});
