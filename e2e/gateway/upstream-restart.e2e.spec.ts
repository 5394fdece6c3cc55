import { startTestSystem, type TestSystem } from '../support/test-system';
import { sleep } from '../interviews/interview-helpers';

describe('a service restart seen from the gateway', () => {
  let t: TestSystem;
  beforeAll(async () => {
    t = await startTestSystem();
  });
  afterAll(() => t.stop());

  it('answers reads and writes without a 503 from the moment the restarted service is ready', async () => {
    const company = await t.createCompany();
    expect((await company.api.get('/webhooks')).status).toBe(200);

    let whileDown: number | undefined;
    await t.system.restartNotifications(async () => {
      // Down long enough for grpc-js's default reconnect backoff (1 s growing by 1.6) to have grown past 2 s.
      await sleep(1_000);
      whileDown = (await company.api.get('/webhooks')).status;
      await sleep(2_000);
    });
    // Unreachable while down: a 503 (after the short wait for a reconnect), never a hang.
    expect(whileDown).toBe(503);

    // Ready now: every request from here on reaches it, the first ones included, writes as well as reads.
    const statuses: number[] = [];
    const until = Date.now() + 1_500;
    let n = 0;
    while (Date.now() < until) {
      n += 1;
      statuses.push((await company.api.get('/webhooks')).status);
      statuses.push((await company.api.post('/webhooks', { url: `http://127.0.0.1:9/restart-${n}` })).status);
    }
    expect(statuses.filter((status) => status === 503)).toEqual([]);
    expect(new Set(statuses)).toEqual(new Set([200]));
    expect((await company.api.get('/webhooks?range=0-99')).body).toHaveLength(n);
  });
});
