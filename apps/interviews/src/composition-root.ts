import { interviews } from '@vi/contracts';
import { busRetentionTasks, connectEventBus, OutboxRelay, RetentionSweep, type EventBus } from '@vi/platform-bus';
import { GrpcServer, PrincipalTokens } from '@vi/platform-grpc';
import { startHealthServer } from '@vi/platform-http';
import { createLogger, type Logger } from '@vi/platform-logger';
import { migrateToLatest, openDatabase, type EmbeddedPostgres } from '@vi/platform-postgres';
import { interviewsMigrations } from '../migrations';
import { applyProjectionEvent, PROJECTION_SUBJECTS } from './application/apply-projections/apply-projections';
import { applyShareLinkEvent, SHARE_LINK_SUBJECTS } from './application/apply-share-links/apply-share-links';
import { expireOverdueInterviews } from './application/expire-overdue-interviews/expire-overdue-interviews';
import { purgeDeletedInterviewMedia } from './application/purge-deleted-interview-media/purge-deleted-interview-media';
import type { InterviewsConfig } from './config';
import { SignedCandidateLinks } from './infrastructure/candidate-links';
import type { InterviewsDatabase } from './infrastructure/interviews.database';
import { createInterviewsStore } from './infrastructure/interviews.store';
import { LocalMediaStorage } from './infrastructure/local-media-storage';
import { S3MediaStorage, S3PlaybackUrls } from './infrastructure/s3-media-storage';
import { MediabunnyVideoProbe } from './infrastructure/mediabunny-video-probe';
import { GrpcIdentityDirectory, GrpcJobsDirectory } from './infrastructure/service-directories';
import { interviewHandlers } from './transport/grpc/interviews.grpc';
import { questionSetHandlers } from './transport/grpc/question-sets.grpc';
import { sharingHandlers } from './transport/grpc/sharing.grpc';

export interface RunningInterviewsService {
  /** Decision 019: the retention sweep (tests run it with a later clock). */
  retention: RetentionSweep;
  grpcPort: number;
  healthPort: number;
  /** Runs one expiry sweep now (tests; the timer runs it every INTERVIEW_EXPIRY_SWEEP_MS). */
  sweepExpired(): Promise<number>;
  stop(): Promise<void>;
}

/** Wiring only: config → adapters → use cases → transports. */
export async function startInterviewsService(
  config: InterviewsConfig,
  shared: { bus?: EventBus; logger?: Logger; database?: EmbeddedPostgres } = {},
): Promise<RunningInterviewsService> {
  const logger = shared.logger ?? createLogger('interviews');
  let ready = false;
  const health = await startHealthServer(config.healthPort, () => ready);

  const database = await openDatabase<InterviewsDatabase>({ url: config.database.url, schema: 'interviews', dataDir: config.database.dataDir, embedded: shared.database, logger });
  await migrateToLatest(database.db, 'interviews', interviewsMigrations, logger);
  const bus = shared.bus ?? (await connectEventBus({ ...config.bus, logger }));
  const relay = new OutboxRelay(database.db, bus, logger, { pollIntervalMs: config.outboxPollMs });
  const tokens = new PrincipalTokens(config.secrets.internalJwt);
  const identity = new GrpcIdentityDirectory(config.upstreams.identity, tokens);
  const jobs = new GrpcJobsDirectory(config.upstreams.jobs, tokens);
  const links = new SignedCandidateLinks(config.publicBaseUrl, config.secrets.candidateToken);
  const store = createInterviewsStore(database.db, relay);

  const projections = await bus.consume({
    durable: 'interviews-projections',
    subjects: PROJECTION_SUBJECTS,
    handler: (message) => applyProjectionEvent({ store }, message),
  });
  const shareLinks = await bus.consume({
    durable: 'interviews-share-links',
    subjects: SHARE_LINK_SUBJECTS,
    handler: (message) => applyShareLinkEvent({ store }, message),
  });

  const storage = config.media.storage;
  const media = storage.kind === 's3' ? new S3MediaStorage(storage) : new LocalMediaStorage(storage.dir);
  // The config allows redirect only with s3 (MEDIA_PLAYBACK, decision 024).
  const playback = storage.kind === 's3' && config.media.playback.kind === 'redirect' ? new S3PlaybackUrls(storage, config.media.playback.urlTtlSeconds) : undefined;
  const server = new GrpcServer(tokens, logger).add(interviews.InterviewsServiceService, {
    ...interviewHandlers({ store, identity, jobs, links, tokens: links, media, playback, video: new MediabunnyVideoProbe(), maxTakeBytes: config.media.maxTakeBytes }),
    ...questionSetHandlers({ store }),
    ...sharingHandlers({ store, media, playback }),
  });
  const grpcPort = await server.listen(`0.0.0.0:${config.grpcPort}`);
  const purgeMedia = purgeDeletedInterviewMedia({ store, media, graceMs: config.media.deletedGraceMs });
  const retention = new RetentionSweep(
    [...busRetentionTasks(database.db, config.retention), purgeMedia],
    config.retention.sweepIntervalMs,
    logger,
  );
  relay.start();
  retention.start();

  const sweepExpired = () => expireOverdueInterviews({ store });
  let sweeping: Promise<unknown> = Promise.resolve();
  const sweepTimer = setInterval(() => {
    sweeping = sweepExpired().catch((error: unknown) => logger.error({ err: error }, 'expiry sweep failed'));
  }, config.expirySweepMs);
  sweepTimer.unref();
  // Interviews that fell due while the service was down expire at once.
  sweeping = sweepExpired().catch((error: unknown) => logger.error({ err: error }, 'expiry sweep failed'));

  ready = true;
  logger.info({ grpcPort, healthPort: health.port }, 'interviews service ready');

  return {
    retention,
    grpcPort,
    healthPort: health.port,
    sweepExpired,
    stop: async () => {
      ready = false;
      clearInterval(sweepTimer);
      await server.shutdown();
      await sweeping;
      await projections.close();
      await shareLinks.close();
      await retention.stop();
      await relay.stop();
      identity.close();
      jobs.close();
      if (!shared.bus) await bus.close();
      await database.close();
      if (media instanceof S3MediaStorage) media.close();
      playback?.close();
      await health.close();
    },
  };
}
