import { connectEventBus, NatsJetStreamBus } from '@vi/platform-bus';
import { createLogger } from '@vi/platform-logger';
import { waitFor } from '@vi/platform-testing';
import { loadGatewayConfig } from '../../apps/gateway/src/config';
import { startGateway, type RunningGateway } from '../../apps/gateway/src/composition-root';
import { ApiClient } from '../support/api-client';
import { startTestSystem, type TestSystem } from '../support/test-system';

const REVOKED_WITHIN_MS = 10_000;

/**
 * Keys stay cached for 10 minutes here (PRINCIPAL_CACHE_TTL_MS): refused within 10 s, a revocation came by its event
 * to the other replica. The bound is not a speed (a loaded CI machine can take more than a second).
 */
describe('gateway: revocation reaches every replica through its event', () => {
  let t: TestSystem;
  let replica: RunningGateway;
  let replicaBus: Awaited<ReturnType<typeof connectEventBus>>;
  const replicaClient = (key: string) => new ApiClient(`http://127.0.0.1:${replica.port}/v1.0`, key);

  beforeAll(async () => {
    t = await startTestSystem({ PRINCIPAL_CACHE_TTL_MS: '600000' });
    const config = loadGatewayConfig(t.serviceEnv());
    // A second replica with its own bus connection when NATS is used, as in a cluster.
    replicaBus = t.system.bus instanceof NatsJetStreamBus ? await connectEventBus({ ...config.bus, logger: createLogger('replica', 'silent') }) : t.system.bus;
    replica = await startGateway(config, { bus: replicaBus, logger: createLogger('replica', 'silent'), rateLimitPrefix: t.env.EVENT_STREAM });
  });
  afterAll(async () => {
    await replica.stop();
    if (replicaBus !== t.system.bus) await replicaBus.close();
    await t.stop();
  });

  async function keyCachedOnBothReplicas() {
    const company = await t.createCompany();
    const user = (await company.api.post('/users', { name: 'Cached', email: `cached-${Date.now()}@x.example`, role: 'standard' })).body;
    const key = (await company.api.post(`/users/${user.uuid}/integration_key`)).body.key as string;
    expect((await t.as(key).get('/me')).status).toBe(200);
    expect((await replicaClient(key).get('/me')).status).toBe(200);
    return { company, user, key };
  }

  it('a deleted key', async () => {
    const { company, user, key } = await keyCachedOnBothReplicas();
    expect((await company.api.delete(`/users/${user.uuid}/integration_key`)).status).toBe(204);
    await waitFor(async () => (await replicaClient(key).get('/me')).status === 401, REVOKED_WITHIN_MS);
  });

  it("a deleted user's key", async () => {
    const { company, user, key } = await keyCachedOnBothReplicas();
    expect((await company.api.delete(`/users/${user.uuid}`)).status).toBe(204);
    await waitFor(async () => (await replicaClient(key).get('/me')).status === 401, REVOKED_WITHIN_MS);
  });

  it('a rotated key', async () => {
    const { company, user, key } = await keyCachedOnBothReplicas();
    expect((await company.api.put(`/users/${user.uuid}/integration_key`, { rotate: true })).status).toBe(201);
    await waitFor(async () => (await replicaClient(key).get('/me')).status === 401, REVOKED_WITHIN_MS);
  });
});
