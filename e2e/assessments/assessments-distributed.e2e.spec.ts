import { randomUUID } from 'node:crypto';
import { connectEventBus, type EventBus } from '@vi/platform-bus';
import { createLogger } from '@vi/platform-logger';
import { loadGatewayConfig } from '../../apps/gateway/src/config';
import { startGateway, type RunningGateway } from '../../apps/gateway/src/composition-root';
import { loadAssessmentsConfig } from '../../apps/assessments/src/config';
import { startAssessmentsService, type RunningAssessmentsService } from '../../apps/assessments/src/composition-root';
import { ApiClient } from '../support/api-client';
import { AshbyStandIn, GreenhouseStandIn, ashbyStartBody, greenhouseCandidate } from '../support/ats-stand-ins';
import { settled } from '../support/barrier';
import { startTestSystem, type TestSystem } from '../support/test-system';
import { completeAsCandidate, listOrders, orderWhen, testJob } from './assessment-helpers';

/**
 * Both ATSs in the distributed shape (issue 41): two gateways and two assessments services over one database and one
 * bus — PostgreSQL, NATS JetStream and Redis in the real-server run (jest.real-servers.js), PGlite and the
 * in-process bus embedded. Orders are made once whichever replica takes the request, each callback is claimed by
 * one replica (a lease, `for update skip locked`) and delivered once, and a callback waiting for its retry
 * survives a restart of the service.
 */
describe('assessments: replicas of the gateway and the service, and a restart mid-retry', () => {
  let t: TestSystem;
  let ashby: AshbyStandIn;
  let replica: RunningAssessmentsService | undefined;
  let gateway: RunningGateway;
  let replicaBus: EventBus;
  const quiet = createLogger('replica', 'silent');
  const email = (name: string) => `${name}-${randomUUID().slice(0, 8)}@candidates.example`;

  beforeAll(async () => {
    ashby = await AshbyStandIn.start();
    // The first retry waits long enough for the service to stop while it is due (the restart below).
    t = await startTestSystem({ ASHBY_API_URL: ashby.apiUrl, WEBHOOK_RETRY_SCHEDULE: '4s,300ms' });
    const env = t.serviceEnv({ ASSESSMENTS_GRPC_PORT: '0', ASSESSMENTS_HEALTH_PORT: '0' });
    // A connection of its own, as another process has: to NATS in the real-server run; embedded, a bus of its own
    // (the in-process bus gives a durable to its last consumer, so sharing it would take the system's events away
    // from the system's service): there the replica serves calls and delivers callbacks, and hears no event.
    replicaBus = await connectEventBus({ ...loadGatewayConfig(env).bus, logger: quiet });
    replica = await startAssessmentsService(loadAssessmentsConfig(env), { bus: replicaBus, database: t.database.embedded, logger: quiet });
    // The second gateway spreads its calls over both services (one channel, round robin), as `dns:///` does in Kubernetes.
    const both = `ipv4:127.0.0.1:${t.system.assessments.grpcPort},127.0.0.1:${replica.grpcPort}`;
    gateway = await startGateway(loadGatewayConfig({ ...env, ASSESSMENTS_GRPC_URL: both }), {
      bus: replicaBus,
      logger: quiet,
      rateLimitPrefix: t.env.EVENT_STREAM,
    });
  });
  afterAll(async () => {
    await gateway?.stop();
    await replica?.stop();
    await replicaBus?.close();
    await t?.stop();
    await ashby?.close();
  });

  it('Greenhouse and Ashby through two gateways and two services: one order per test, each callback delivered once', async () => {
    const company = await t.createCompany();
    const viaReplica = new ApiClient(`http://127.0.0.1:${gateway.port}/v1.0`, company.apiKey);
    const apis = [company.api, viaReplica];
    const job = await testJob(company.api);
    expect((await viaReplica.put('/integrations/ashby', { api_key: ashby.newApiKey() })).status).toBe(200);
    const greenhouses = await Promise.all(apis.map((api) => GreenhouseStandIn.start(api)));
    try {
      // The same candidate sent on both gateways at once: one order, one id.
      const same = greenhouseCandidate(email('both'));
      const raced = await Promise.all(greenhouses.flatMap((g) => [g.sendTest(job.uuid, same), g.sendTest(job.uuid, same)]));
      expect(new Set(raced.map((r) => `${r.status} ${r.body.partner_interview_id}`)).size).toBe(1);

      const greenhouseIds: Array<[GreenhouseStandIn, string]> = [];
      const ashbyIds: string[] = [];
      for (let i = 0; i < 4; i++) {
        const greenhouse = greenhouses[i % 2];
        const sent = await greenhouse.sendTest(job.uuid, greenhouseCandidate(email(`gh${i}`)));
        expect(sent.status).toBe(200);
        greenhouseIds.push([greenhouse, sent.body.partner_interview_id]);
        const started = await ashby.start(apis[i % 2], ashbyStartBody(job.uuid, email(`ab${i}`)));
        expect(started.status).toBe(200);
        ashbyIds.push(started.body.results.assessment_id);
      }
      await Promise.all([...greenhouseIds.map(([, id]) => id), ...ashbyIds].map((id) => completeAsCandidate(t, id)));

      for (const [greenhouse, id] of greenhouseIds) expect((await greenhouse.afterPatch(id)).body.partner_status).toBe('complete');
      for (const id of ashbyIds) await ashby.nextUpdates(id, 'Completed');
      await settled(t);
      // Each once: one PATCH per Greenhouse test, one Started and one Completed per Ashby assessment.
      for (const [greenhouse, id] of greenhouseIds) expect({ id, statuses: greenhouse.patchesOf(id).map((p) => p.status) }).toEqual({ id, statuses: [200] });
      for (const id of ashbyIds) {
        // Sorted: two replicas may each send one of an order's callbacks at once (each update carries its timestamp).
        expect({
          id,
          updates: ashby
            .updatesOf(id)
            .map((u) => u.assessment_status)
            .sort(),
        }).toEqual({ id, updates: ['Completed', 'Started'] });
      }
      const { items } = await listOrders(viaReplica, '?range=0-99');
      expect(items).toHaveLength(1 + greenhouseIds.length + ashbyIds.length);
      for (const order of items.filter((o) => o.status === 'completed'))
        expect(order.callbacks.map((c: { status_code: number }) => c.status_code)).toEqual(order.ats === 'ashby' ? [200, 200] : [200]);
    } finally {
      await Promise.all(greenhouses.map((g) => g.close()));
    }
  });

  it('a callback waiting for its retry is delivered once by the service started again', async () => {
    // Only the system's own service from here: the replica must not deliver it while that one is down.
    await replica?.stop();
    replica = undefined;
    const company = await t.createCompany();
    const job = await testJob(company.api);
    const greenhouse = await GreenhouseStandIn.start(company.api);
    try {
      const sent = await greenhouse.sendTest(job.uuid, greenhouseCandidate(email('restart')));
      const id = sent.body.partner_interview_id as string;
      greenhouse.failNext(1);
      await completeAsCandidate(t, id);
      await orderWhen(company.api, id, (o) => o.callbacks.length === 1);
      // Stopped while the retry waits: nothing else delivers it, and the process that recorded the 503 is gone.
      await t.system.restartAssessments(async () => expect(greenhouse.patchesOf(id).map((p) => p.status)).toEqual([503]));
      expect((await greenhouse.afterPatch(id)).body.partner_status).toBe('complete');
      await settled(t);
      expect(greenhouse.patchesOf(id).map((p) => p.status)).toEqual([503, 200]);
      const order = await orderWhen(company.api, id, (o) => o.callbacks.length === 2);
      expect(order.callbacks.map((c: { status_code: number }) => c.status_code)).toEqual([503, 200]);
    } finally {
      await greenhouse.close();
    }
  });
});
