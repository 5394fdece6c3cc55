import { memoryStore } from '@vi/platform-testing';
import { aCompanyUser, aWebhookOf, T0 } from '../../../test/factories';
import { notificationsFakes, type NotificationsRepositoryFakes } from '../../../test/fakes';
import { getWebhook } from './get-webhook';

describe('getWebhook', () => {
  const owner = aCompanyUser();
  let db: NotificationsRepositoryFakes;
  const sut = (uuid: string, principal = owner) => getWebhook({ store: memoryStore({ webhooks: db.webhooks }) }, principal, uuid);

  beforeEach(() => {
    db = notificationsFakes();
  });

  it('shows its owner the webhook, failing since when, without secret or credentials', async () => {
    const webhook = aWebhookOf(owner, { status: 'failing', failing_since: T0, http_auth_ciphertext: 'sealed:x' });
    db.webhooks.state.push(webhook);

    expect(await sut(webhook.uuid)).toEqual({
      uuid: webhook.uuid,
      description: webhook.description,
      url: webhook.url,
      http_auth: true,
      status: 'failing',
      failing_since: '2026-03-02T09:00:00+00:00',
    });
  });

  it("answers not found for a colleague's webhook and for a deleted one", async () => {
    const colleagues = aWebhookOf(aCompanyUser({ companyUuid: owner.companyUuid }));
    const deleted = aWebhookOf(owner, { deleted_at: T0 });
    db.webhooks.state.push(colleagues, deleted);

    await expect(sut(colleagues.uuid)).rejects.toMatchObject({ code: 'api.webhook_not_found' });
    await expect(sut(deleted.uuid)).rejects.toMatchObject({ code: 'api.webhook_not_found' });
  });
});
