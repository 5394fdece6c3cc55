import { assessments } from '@vi/contracts';
import { busRetentionTasks, openServiceStorage, PollingLoop, RetentionSweep, startConsumers, type SharedInfrastructure } from '@vi/platform-bus';
import { SecretBox } from '@vi/platform-crypto';
import { GrpcServer, PrincipalTokens } from '@vi/platform-grpc';
import { HttpOutboundSender, startProcess, type Running } from '@vi/platform-http';
import { createLogger } from '@vi/platform-logger';
import { systemClock } from '@vi/platform-time';
import { assessmentsMigrations } from '../migrations';
import { CallbackDispatcher } from './application/deliver-callbacks/deliver-callbacks';
import type { AssessmentsConfig } from './config';
import { atsAdapters } from './domain/ats/adapters';
import type { AssessmentsDatabase } from './infrastructure/assessments.database';
import { createAssessmentsStore } from './infrastructure/assessments.store';
import { GrpcEvaluations } from './infrastructure/evaluations.client';
import { GrpcInterviews } from './infrastructure/interviews.client';
import { GrpcJobsDirectory } from './infrastructure/jobs.client';
import { GrpcSharing } from './infrastructure/sharing.client';
import { assessmentsEventConsumers } from './transport/events/event-consumers';
import { assessmentsGrpcHandlers } from './transport/grpc/assessments.grpc';

export type RunningAssessmentsService = Running<{
  /** Decision 019: the retention sweep (tests run it with a later clock). */
  retention: RetentionSweep;
  /** The callback loop: tests stop it (a process stopped mid-retry) or kick it. */
  callbacks: PollingLoop;
  grpcPort: number;
}>;

/** Wiring only: config → adapters → use cases → transports, each resource registered with the lifecycle as it starts. */
export function startAssessmentsService(config: AssessmentsConfig, shared: SharedInfrastructure = {}): Promise<RunningAssessmentsService> {
  const logger = shared.logger ?? createLogger('assessments');
  return startProcess('assessments service', { healthPort: config.healthPort, logger }, async (lifecycle) => {
    const { database, bus } = await openServiceStorage<AssessmentsDatabase>(
      lifecycle,
      { schema: 'assessments', migrations: assessmentsMigrations, logger },
      config,
      shared,
    );
    const store = createAssessmentsStore(database.db);
    const principalTokens = new PrincipalTokens(config.secrets.internalJwt);
    const { upstreams } = config;
    const jobs = lifecycle.add('jobs client', new GrpcJobsDirectory(upstreams.jobs, principalTokens), (c) => c.close());
    const interviews = lifecycle.add('interviews client', new GrpcInterviews(upstreams.interviews, principalTokens), (c) => c.close());
    const evaluations = lifecycle.add('evaluations client', new GrpcEvaluations(upstreams.evaluations, principalTokens), (c) => c.close());
    const sharing = lifecycle.add('sharing client', new GrpcSharing(upstreams.sharing, principalTokens), (c) => c.close());
    const sealer = new SecretBox(config.secrets.encryption);
    const adapters = atsAdapters({ ashbyApiUrl: config.ashbyApiUrl });
    const clock = systemClock;
    const { callbacks: delivery } = config;

    const dispatcher = new CallbackDispatcher({
      store,
      adapters,
      interviews,
      evaluations,
      sharing,
      sealer,
      clock,
      sender: new HttpOutboundSender({ timeoutMs: delivery.timeoutMs, allowPrivateTargets: delivery.allowPrivateTargets }),
      settings: {
        retry: { scheduleMs: delivery.retryScheduleMs, retryAfterMaxMs: delivery.retryAfterMaxMs },
        batchSize: 50,
        // Longer than an attempt can take (its timeout, and the reads of the report before it).
        leaseMs: delivery.timeoutMs + 60_000,
      },
      logger,
    });
    const loop = new PollingLoop(
      () => dispatcher.pass(),
      config.pollMs,
      (error) => logger.error({ err: error }, 'callback pass failed'),
    );
    // Stopped before the attempts under way are waited for: none is left half recorded.
    lifecycle.add('callback attempts', dispatcher, (d) => d.drain());
    lifecycle.add('callback loop', loop, (l) => l.stop());
    const wake = () => loop.kick();

    const retention = lifecycle.add(
      'retention sweep',
      new RetentionSweep(busRetentionTasks(database.db, config.retention), config.retention.sweepIntervalMs, logger),
      (r) => r.stop(),
    );
    lifecycle.add('event consumers', await startConsumers(bus, assessmentsEventConsumers({ store, adapters, clock, wake })), (c) => c.close());
    const server = new GrpcServer(principalTokens, logger).add(
      assessments.AssessmentsServiceService,
      assessmentsGrpcHandlers({
        store,
        jobs,
        interviews,
        evaluations,
        sharing,
        sealer,
        adapters,
        clock,
        wake,
        settings: { dueDays: config.dueDays, allowPrivateTargets: delivery.allowPrivateTargets },
      }),
    );
    const grpcPort = await server.listen(`0.0.0.0:${config.grpcPort}`);
    lifecycle.add('gRPC server', server, (s) => s.shutdown());
    loop.start();
    retention.start();
    return { retention, callbacks: loop, grpcPort };
  });
}
