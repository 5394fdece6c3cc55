import { sharing } from '@vi/contracts';
import { busRetentionTasks, openServiceStorage, OutboxRelay, RetentionSweep, startConsumers, type SharedInfrastructure } from '@vi/platform-bus';
import { GrpcServer, PrincipalTokens } from '@vi/platform-grpc';
import { startProcess, type Running } from '@vi/platform-http';
import { createLogger } from '@vi/platform-logger';
import { systemClock } from '@vi/platform-time';
import { sharingMigrations } from '../migrations';
import type { SharingConfig } from './config';
import { HmacLinkTokens } from './infrastructure/link-tokens';
import { GrpcIdentityDirectory } from './infrastructure/identity.client';
import { GrpcInterviewsDirectory } from './infrastructure/interviews.client';
import { GrpcTranscriptsDirectory } from './infrastructure/transcription.client';
import type { SharingDatabase } from './infrastructure/sharing.database';
import { createSharingStore } from './infrastructure/sharing.store';
import { sharingEventConsumers } from './transport/events/event-consumers';
import { sharingGrpcHandlers } from './transport/grpc/sharing.grpc';

export type RunningSharingService = Running<{
  /** Decision 019: the retention sweep (tests run it with a later clock). */
  retention: RetentionSweep;
  grpcPort: number;
}>;

/** Wiring only: config → adapters → use cases → transports, each resource registered with the lifecycle as it starts. */
export function startSharingService(config: SharingConfig, shared: SharedInfrastructure = {}): Promise<RunningSharingService> {
  const logger = shared.logger ?? createLogger('sharing');
  return startProcess('sharing service', { healthPort: config.healthPort, logger }, async (lifecycle) => {
    const { database, bus } = await openServiceStorage<SharingDatabase>(
      lifecycle,
      { schema: 'sharing', migrations: sharingMigrations, logger },
      config,
      shared,
    );
    const relay = lifecycle.add('outbox relay', new OutboxRelay(database.db, bus, logger, { pollIntervalMs: config.outboxPollMs }), (r) => r.stop());
    const principalTokens = new PrincipalTokens(config.secrets.internalJwt);
    const identity = lifecycle.add('identity client', new GrpcIdentityDirectory(config.upstreams.identity, principalTokens), (c) => c.close());
    const interviews = lifecycle.add('interviews client', new GrpcInterviewsDirectory(config.upstreams.interviews, principalTokens), (c) => c.close());
    // Transcripts on the share view (decision 073); the view still opens without them when transcription is away.
    const transcripts = lifecycle.add('transcription client', new GrpcTranscriptsDirectory(config.upstreams.transcription, principalTokens), (c) => c.close());
    const tokens = new HmacLinkTokens(config.publicBaseUrl, config.secrets.shareLink);
    const store = createSharingStore(database.db, relay);

    const retention = lifecycle.add(
      'retention sweep',
      new RetentionSweep(busRetentionTasks(database.db, config.retention), config.retention.sweepIntervalMs, logger),
      (r) => r.stop(),
    );
    lifecycle.add('event consumers', await startConsumers(bus, sharingEventConsumers({ store, identity, tokens, clock: systemClock })), (c) => c.close());
    const server = new GrpcServer(principalTokens, logger).add(
      sharing.SharingServiceService,
      sharingGrpcHandlers({ store, identity, interviews, transcripts, tokens, clock: systemClock, logger }),
    );
    const grpcPort = await server.listen(`0.0.0.0:${config.grpcPort}`);
    lifecycle.add('gRPC server', server, (s) => s.shutdown());
    relay.start();
    retention.start();
    return { retention, grpcPort };
  });
}
