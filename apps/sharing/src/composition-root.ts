import { sharing } from '@vi/contracts';
import { busRetentionTasks, connectEventBus, OutboxRelay, RetentionSweep, type EventBus } from '@vi/platform-bus';
import { GrpcServer, PrincipalTokens } from '@vi/platform-grpc';
import { startHealthServer } from '@vi/platform-http';
import { createLogger, type Logger } from '@vi/platform-logger';
import { migrateToLatest, openDatabase, type EmbeddedPostgres } from '@vi/platform-postgres';
import { systemClock } from '@vi/platform-time';
import { sharingMigrations } from '../migrations';
import type { SharingConfig } from './config';
import { HmacLinkTokens } from './infrastructure/link-tokens';
import { GrpcIdentityDirectory, GrpcInterviewsDirectory } from './infrastructure/service-directories';
import type { SharingDatabase } from './infrastructure/sharing.database';
import { createSharingStore } from './infrastructure/sharing.store';
import { onInterviewDeleted } from './transport/events/on-interview-deleted.handler';
import { sharingGrpcHandlers } from './transport/grpc/sharing.grpc';

export interface RunningSharingService {
  /** Decision 019: the retention sweep (tests run it with a later clock). */
  retention: RetentionSweep;
  grpcPort: number;
  healthPort: number;
  stop(): Promise<void>;
}

/** Wiring only: config → adapters → use cases → transports. */
export async function startSharingService(config: SharingConfig, shared: { bus?: EventBus; logger?: Logger; database?: EmbeddedPostgres } = {}): Promise<RunningSharingService> {
  const logger = shared.logger ?? createLogger('sharing');
  let ready = false;
  const health = await startHealthServer(config.healthPort, () => ready);

  const database = await openDatabase<SharingDatabase>({ url: config.database.url, schema: 'sharing', dataDir: config.database.dataDir, embedded: shared.database, logger });
  await migrateToLatest(database.db, 'sharing', sharingMigrations, logger);
  const bus = shared.bus ?? (await connectEventBus({ ...config.bus, logger }));
  const relay = new OutboxRelay(database.db, bus, logger, { pollIntervalMs: config.outboxPollMs });
  const principalTokens = new PrincipalTokens(config.secrets.internalJwt);
  const identity = new GrpcIdentityDirectory(config.upstreams.identity, principalTokens);
  const interviews = new GrpcInterviewsDirectory(config.upstreams.interviews, principalTokens);
  const tokens = new HmacLinkTokens(config.publicBaseUrl, config.secrets.shareLink);
  const store = createSharingStore(database.db, relay);

  const deletions = await onInterviewDeleted(bus, { store, identity, tokens, clock: systemClock });
  const server = new GrpcServer(principalTokens, logger).add(sharing.SharingServiceService, sharingGrpcHandlers({ store, identity, interviews, tokens, clock: systemClock }));
  const grpcPort = await server.listen(`0.0.0.0:${config.grpcPort}`);
  const retention = new RetentionSweep(busRetentionTasks(database.db, config.retention), config.retention.sweepIntervalMs, logger);
  relay.start();
  retention.start();
  ready = true;
  logger.info({ grpcPort, healthPort: health.port }, 'sharing service ready');

  return {
    retention,
    grpcPort,
    healthPort: health.port,
    stop: async () => {
      ready = false;
      await server.shutdown();
      await deletions.close();
      await retention.stop();
      await relay.stop();
      identity.close();
      interviews.close();
      if (!shared.bus) await bus.close();
      await database.close();
      await health.close();
    },
  };
}
