import { memoryStore } from '@vi/platform-testing';
import { aCompanyUser, aJobSeeker, aWebhookOf, HOUR, T0 } from '../../../test/factories';
import { notificationsFakes, type NotificationsRepositoryFakes } from '../../../test/fakes';
import { listWebhooks } from './list-webhooks';

describe('listWebhooks', () => {
  const owner = aCompanyUser();
  let db: NotificationsRepositoryFakes;
  const sut = (from: number, to: number, principal = owner) => listWebhooks({ store: memoryStore({ webhooks: db.webhooks }) }, principal, { from, to });

  beforeEach(() => {
    db = notificationsFakes();
  });

  it("pages the caller's live webhooks oldest first, with their total", async () => {
    const at = (hours: number) => new Date(T0.getTime() + hours * HOUR);
    const [first, second, third] = [
      aWebhookOf(owner, { created_at: at(0) }),
      aWebhookOf(owner, { created_at: at(1) }),
      aWebhookOf(owner, { created_at: at(2) }),
    ];
    db.webhooks.state.push(third, first, aWebhookOf(owner, { deleted_at: at(3) }), aWebhookOf(aCompanyUser()), second);

    const page = await sut(1, 2);

    expect(page.total).toBe(3);
    expect(page.webhooks.map((w) => w.uuid)).toEqual([second.uuid, third.uuid]);
  });

  it('is for company users only', async () => {
    await expect(sut(0, 9, aJobSeeker())).rejects.toMatchObject({ code: 'api.company_user_required' });
  });
});
