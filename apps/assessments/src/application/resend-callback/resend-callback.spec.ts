import { FakeClock } from '@vi/platform-time';
import { aCompanyUser, anOrder } from '../../../test/factories';
import { inMemoryStore } from '../../../test/fakes';
import { atsAdapters } from '../../domain/ats/adapters';
import { resendCallback } from './resend-callback';

describe('resendCallback', () => {
  it('writes a callback of the order’s current state and wakes the loop; another company gets 404', async () => {
    const caller = aCompanyUser();
    const store = inMemoryStore();
    const ashby = anOrder({ ats: 'ashby', status: 'expired', companyUuid: caller.principal.companyUuid! });
    const greenhouse = anOrder({ status: 'started', companyUuid: caller.principal.companyUuid! });
    await store.transaction(async (tx) => {
      await tx.orders.insertIfNoneOpen(ashby);
      await tx.orders.insertIfNoneOpen(greenhouse);
    });
    let woken = 0;
    const deps = { store, adapters: atsAdapters({ ashbyApiUrl: 'http://ashby.test' }), clock: new FakeClock(), wake: () => void woken++ };
    expect(await resendCallback(deps, caller, ashby.uuid)).toMatchObject({ uuid: ashby.uuid, status: 'expired', callbacks: [] });
    await resendCallback(deps, caller, greenhouse.uuid);
    expect(store.read.callbacks.all().map((c) => [c.orderUuid, c.kind])).toEqual([
      [ashby.uuid, 'expired'],
      [greenhouse.uuid, 'completed'],
    ]);
    expect(woken).toBe(2);
    await expect(resendCallback(deps, aCompanyUser(), ashby.uuid)).rejects.toMatchObject({ code: 'api.assessment_order_not_found' });
  });
});
