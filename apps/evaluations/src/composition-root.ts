import { evaluations } from '@vi/contracts';
import { busRetentionTasks, openServiceStorage, OutboxRelay, RetentionSweep, startConsumers, type SharedInfrastructure } from '@vi/platform-bus';
import { GrpcServer, PrincipalTokens } from '@vi/platform-grpc';
import { startProcess, type Running } from '@vi/platform-http';
import { createLogger } from '@vi/platform-logger';
import { systemClock } from '@vi/platform-time';
import { evaluationsMigrations } from '../migrations';
import type { EvaluationsConfig } from './config';
import type { EvaluationsDatabase } from './infrastructure/evaluations.database';
import { createEvaluationsStore } from './infrastructure/evaluations.store';
import { GrpcIdentityDirectory } from './infrastructure/identity.client';
import { GrpcInterviewsDirectory } from './infrastructure/interviews.client';
import { GrpcJobsDirectory } from './infrastructure/jobs.client';
import { evaluationsEventConsumers } from './transport/events/event-consumers';
import { evaluationsGrpcHandlers } from './transport/grpc/evaluations.grpc';

export type RunningEvaluationsService = Running<{
  /** Decision 019: the retention sweep (tests run it with a later clock). */
  retention: RetentionSweep;
  grpcPort: number;
}>;

/** Wiring only: config → adapters → use cases → transports, each resource registered with the lifecycle as it starts. */
export function startEvaluationsService(config: EvaluationsConfig, shared: SharedInfrastructure = {}): Promise<RunningEvaluationsService> {
  const logger = shared.logger ?? createLogger('evaluations');
  return startProcess('evaluations service', { healthPort: config.healthPort, logger }, async (lifecycle) => {
    const { database, bus } = await openServiceStorage<EvaluationsDatabase>(
      lifecycle,
      { schema: 'evaluations', migrations: evaluationsMigrations, logger },
      config,
      shared,
    );
    const relay = lifecycle.add('outbox relay', new OutboxRelay(database.db, bus, logger, { pollIntervalMs: config.outboxPollMs }), (r) => r.stop());
    const principalTokens = new PrincipalTokens(config.secrets.internalJwt);
    const identity = lifecycle.add('identity client', new GrpcIdentityDirectory(config.upstreams.identity, principalTokens), (c) => c.close());
    const jobs = lifecycle.add('jobs client', new GrpcJobsDirectory(config.upstreams.jobs, principalTokens), (c) => c.close());
    const interviews = lifecycle.add('interviews client', new GrpcInterviewsDirectory(config.upstreams.interviews, principalTokens), (c) => c.close());
    const store = createEvaluationsStore(database.db, relay);

    const retention = lifecycle.add(
      'retention sweep',
      new RetentionSweep(busRetentionTasks(database.db, config.retention), config.retention.sweepIntervalMs, logger),
      (r) => r.stop(),
    );
    lifecycle.add('event consumers', await startConsumers(bus, evaluationsEventConsumers({ store })), (c) => c.close());
    const server = new GrpcServer(principalTokens, logger).add(
      evaluations.EvaluationsServiceService,
      evaluationsGrpcHandlers({ store, identity, jobs, interviews, clock: systemClock }),
    );
    const grpcPort = await server.listen(`0.0.0.0:${config.grpcPort}`);
    lifecycle.add('gRPC server', server, (s) => s.shutdown());
    relay.start();
    retention.start();
    return { retention, grpcPort };
  });
}
