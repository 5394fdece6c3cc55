import { aCallback, aCompanyUser, anAttempt, anOrder } from '../../../test/factories';
import { inMemoryStore } from '../../../test/fakes';
import { listOrders } from './list-orders';

describe('listOrders', () => {
  it('lists the company’s orders newest first with their callback attempts, filtered and paged', async () => {
    const caller = aCompanyUser();
    const companyUuid = caller.principal.companyUuid!;
    const store = inMemoryStore();
    const older = anOrder({ companyUuid, createdAt: new Date('2026-03-01T10:00:00Z') });
    const newer = anOrder({ companyUuid, ats: 'ashby', status: 'completed', externalId: 'app-9', createdAt: new Date('2026-03-02T10:00:00Z') });
    const callback = aCallback(older);
    const attempt = anAttempt(callback);
    await store.transaction(async (tx) => {
      for (const order of [older, newer, anOrder()]) await tx.orders.insertIfNoneOpen(order);
      await tx.callbacks.insert(callback);
      await tx.callbacks.recordAttempt(callback.uuid, { attempts: 1, statusCode: 503, error: 'HTTP 503' }, attempt);
    });
    const sut = (input: Partial<Parameters<typeof listOrders>[2]>) =>
      listOrders({ store }, caller, { ats: [], statuses: [], rangeFrom: 0, rangeTo: 49, ...input });
    expect(await sut({})).toEqual({
      items: [
        {
          uuid: newer.uuid,
          ats: 'ashby',
          external_id: 'app-9',
          interview_uuid: newer.interviewUuid,
          status: 'completed',
          created_at: '2026-03-02T10:00:00+00:00',
          callbacks: [],
        },
        {
          uuid: older.uuid,
          ats: 'greenhouse',
          external_id: null,
          interview_uuid: older.interviewUuid,
          status: 'sent',
          created_at: '2026-03-01T10:00:00+00:00',
          callbacks: [{ at: '2026-03-01T10:00:05+00:00', status_code: 503, error: 'HTTP 503' }],
        },
      ],
      total: 2,
    });
    expect((await sut({ ats: ['greenhouse'] })).items.map((o) => (o as { uuid: string }).uuid)).toEqual([older.uuid]);
    expect(await sut({ statuses: ['completed'], rangeFrom: 1, rangeTo: 1 })).toEqual({ items: [], total: 1 });
  });

  it('refuses an unknown ATS or status with 400', async () => {
    await expect(
      listOrders({ store: inMemoryStore() }, aCompanyUser(), { ats: ['workable'], statuses: ['done'], rangeFrom: 0, rangeTo: 9 }),
    ).rejects.toMatchObject({
      code: 'api.validation_failed',
      fieldErrors: [expect.objectContaining({ field: 'ats' }), expect.objectContaining({ field: 'status' })],
    });
  });
});
