import { FakeClock } from '@vi/platform-time';
import { aCompanyUser } from '../../../test/factories';
import { fakeSealer, inMemoryStore } from '../../../test/fakes';
import { disconnectAts } from '../disconnect-ats/disconnect-ats';
import { listIntegrations } from '../list-integrations/list-integrations';
import { connectAts } from './connect-ats';

describe('connectAts, disconnectAts and listIntegrations', () => {
  it('seals the Ashby key (never shown), lists the connection, keeps its time when replaced, and removes it', async () => {
    const admin = aCompanyUser();
    const store = inMemoryStore();
    const clock = new FakeClock(new Date('2026-03-01T10:00:00Z'));
    const deps = { store, sealer: fakeSealer, clock };
    const connected = await connectAts(deps, admin, { ats: 'ashby', apiKey: ' ashby-secret ' });
    expect(connected).toEqual({ ats: 'ashby', connected: true, connected_at: '2026-03-01T10:00:00+00:00', last_callback: null });
    expect(JSON.stringify(connected)).not.toContain('ashby-secret');
    expect(store.read.connections.state.rows[0].apiKeyCiphertext).not.toContain('ashby-secret');
    expect(fakeSealer.open(store.read.connections.state.rows[0].apiKeyCiphertext)).toBe('ashby-secret');
    clock.advance(60_000);
    expect((await connectAts(deps, admin, { ats: 'ashby', apiKey: 'next' })).connected_at).toBe('2026-03-01T10:00:00+00:00');
    expect(await listIntegrations({ store }, admin)).toEqual([
      { ats: 'greenhouse', connected: false, connected_at: null, last_callback: null },
      { ats: 'ashby', connected: true, connected_at: '2026-03-01T10:00:00+00:00', last_callback: null },
    ]);
    await disconnectAts({ store }, admin, { ats: 'ashby' });
    await disconnectAts({ store }, admin, { ats: 'ashby' });
    expect((await listIntegrations({ store }, admin))[1]).toMatchObject({ ats: 'ashby', connected: false });
  });

  it('is for administrators, for Ashby only, with a key', async () => {
    const deps = { store: inMemoryStore(), sealer: fakeSealer, clock: new FakeClock() };
    await expect(connectAts(deps, aCompanyUser({ role: 'standard' }), { ats: 'ashby', apiKey: 'k' })).rejects.toMatchObject({
      code: 'api.administrator_required',
    });
    await expect(connectAts(deps, aCompanyUser(), { ats: 'greenhouse', apiKey: 'k' })).rejects.toMatchObject({
      fieldErrors: [expect.objectContaining({ field: 'ats' })],
    });
    await expect(connectAts(deps, aCompanyUser(), { ats: 'ashby', apiKey: '  ' })).rejects.toMatchObject({
      fieldErrors: [expect.objectContaining({ field: 'api_key' })],
    });
    expect(deps.store.read.connections.state.rows).toEqual([]);
  });
});
