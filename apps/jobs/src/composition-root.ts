import { jobs } from '@vi/contracts';
import { busRetentionTasks, connectEventBus, OutboxRelay, RetentionSweep, type EventBus } from '@vi/platform-bus';
import { GrpcServer, PrincipalTokens } from '@vi/platform-grpc';
import { startHealthServer } from '@vi/platform-http';
import { createLogger, type Logger } from '@vi/platform-logger';
import { migrateToLatest, openDatabase, type EmbeddedPostgres } from '@vi/platform-postgres';
import { systemClock } from '@vi/platform-time';
import { jobsMigrations } from '../migrations';
import type { JobsConfig } from './config';
import { CachedIdentityDirectory } from './infrastructure/cached-identity.directory';
import { GrpcIdentityDirectory } from './infrastructure/identity.client';
import type { JobsDatabase } from './infrastructure/jobs.database';
import { createJobsStore } from './infrastructure/jobs.store';
import { subscribeToIdentityChanges } from './transport/events/on-identity-changed.handler';
import { jobsGrpcHandlers } from './transport/grpc/jobs.grpc';

export interface RunningJobsService {
  /** Decision 019: the retention sweep (tests run it with a later clock). */
  retention: RetentionSweep;
  grpcPort: number;
  healthPort: number;
  stop(): Promise<void>;
}

/** Wiring only: config → adapters → use cases → transports. */
export async function startJobsService(config: JobsConfig, shared: { bus?: EventBus; logger?: Logger; database?: EmbeddedPostgres } = {}): Promise<RunningJobsService> {
  const logger = shared.logger ?? createLogger('jobs');
  let ready = false;
  const health = await startHealthServer(config.healthPort, () => ready);

  const database = await openDatabase<JobsDatabase>({ url: config.database.url, schema: 'jobs', dataDir: config.database.dataDir, embedded: shared.database, logger });
  await migrateToLatest(database.db, 'jobs', jobsMigrations, logger);
  const bus = shared.bus ?? (await connectEventBus({ ...config.bus, logger }));
  const relay = new OutboxRelay(database.db, bus, logger, { pollIntervalMs: config.outboxPollMs });
  const tokens = new PrincipalTokens(config.internalJwtSecret);
  const remoteIdentity = new GrpcIdentityDirectory(config.upstreams.identity, tokens);
  const identity = new CachedIdentityDirectory(remoteIdentity, systemClock);
  const identityChanges = await subscribeToIdentityChanges(bus, identity);
  const store = createJobsStore(database.db, relay);

  const server = new GrpcServer(tokens, logger).add(jobs.JobsServiceService, jobsGrpcHandlers({ store, identity, clock: systemClock }));
  const grpcPort = await server.listen(`0.0.0.0:${config.grpcPort}`);
  const retention = new RetentionSweep(busRetentionTasks(database.db, config.retention), config.retention.sweepIntervalMs, logger);
  relay.start();
  retention.start();
  ready = true;
  logger.info({ grpcPort, healthPort: health.port }, 'jobs service ready');

  return {
    retention,
    grpcPort,
    healthPort: health.port,
    stop: async () => {
      ready = false;
      await server.shutdown();
      await retention.stop();
      await relay.stop();
      await identityChanges.close();
      remoteIdentity.close();
      if (!shared.bus) await bus.close();
      await database.close();
      await health.close();
    },
  };
}
