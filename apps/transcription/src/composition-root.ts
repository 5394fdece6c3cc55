import { transcription } from '@vi/contracts';
import { busRetentionTasks, openServiceStorage, OutboxRelay, RetentionSweep, startConsumers, type SharedInfrastructure } from '@vi/platform-bus';
import { GrpcServer, PrincipalTokens } from '@vi/platform-grpc';
import { startProcess, type Running } from '@vi/platform-http';
import { createLogger } from '@vi/platform-logger';
import { systemClock, type Clock } from '@vi/platform-time';
import { transcriptionMigrations } from '../migrations';
import type { TranscriptionConfig } from './config';
import { EngineFailure, type InterviewsDirectory, type TranscriptionEngine } from './application/ports';
import { GrpcInterviewsDirectory } from './infrastructure/interviews.client';
import { MediabunnyAudioExtractor } from './infrastructure/mediabunny-audio.extractor';
import { OpenAiCompatibleEngine } from './infrastructure/openai-compatible.engine';
import type { TranscriptionDatabase } from './infrastructure/transcription.database';
import { createTranscriptionStore } from './infrastructure/transcription.store';
import { transcriptionEventConsumers } from './transport/events/event-consumers';
import { transcriptionGrpcHandlers } from './transport/grpc/transcription.grpc';
import { TranscriptionWorker } from './transport/worker/transcription-worker';

export type RunningTranscriptionService = Running<{
  /** Decision 019: the retention sweep (tests run it with a later clock). */
  retention: RetentionSweep;
  /** The worker: tests drain it. */
  worker: TranscriptionWorker;
  grpcPort: number;
}>;

/** What tests may put in place of the real adapters: interviews' client (another service) and the clock. */
export interface TranscriptionOverrides {
  interviews?: InterviewsDirectory;
  clock?: Clock;
}

/** Never called: no engine is configured, so no transcript is ever made (decision 073). */
const NO_ENGINE: TranscriptionEngine = {
  transcribe: () => Promise.reject(new EngineFailure('no transcription engine is configured (TRANSCRIPTION_URL)', false)),
};

/** Wiring only: config → adapters → use cases → transports, each resource registered with the lifecycle as it starts. */
export function startTranscriptionService(
  config: TranscriptionConfig,
  shared: SharedInfrastructure = {},
  overrides: TranscriptionOverrides = {},
): Promise<RunningTranscriptionService> {
  const logger = shared.logger ?? createLogger('transcription');
  const clock = overrides.clock ?? systemClock;
  return startProcess('transcription service', { healthPort: config.healthPort, logger }, async (lifecycle) => {
    const { database, bus } = await openServiceStorage<TranscriptionDatabase>(
      lifecycle,
      { schema: 'transcription', migrations: transcriptionMigrations, logger },
      config,
      shared,
    );
    const relay = lifecycle.add('outbox relay', new OutboxRelay(database.db, bus, logger, { pollIntervalMs: config.outboxPollMs }), (r) => r.stop());
    const principalTokens = new PrincipalTokens(config.secrets.internalJwt);
    const interviews =
      overrides.interviews ?? lifecycle.add('interviews client', new GrpcInterviewsDirectory(config.upstreams.interviews, principalTokens), (c) => c.close());
    const store = createTranscriptionStore(database.db, relay);
    const engineConfigured = config.engine !== undefined;
    const engine = config.engine ? new OpenAiCompatibleEngine(config.engine) : NO_ENGINE;
    const worker = lifecycle.add(
      'transcription worker',
      new TranscriptionWorker(
        {
          store,
          interviews,
          extractor: new MediabunnyAudioExtractor(),
          engine,
          clock,
          pieceSeconds: config.worker.pieceSeconds,
          retryBaseMs: config.worker.retryBaseMs,
        },
        { concurrency: config.worker.concurrency, pollMs: config.worker.pollMs, logger },
      ),
      (w) => w.stop(),
    );

    const retention = lifecycle.add(
      'retention sweep',
      new RetentionSweep(busRetentionTasks(database.db, config.retention), config.retention.sweepIntervalMs, logger),
      (r) => r.stop(),
    );
    const deps = { store, interviews, queue: worker, engineConfigured, clock };
    lifecycle.add('event consumers', await startConsumers(bus, transcriptionEventConsumers(deps)), (c) => c.close());
    const server = new GrpcServer(principalTokens, logger).add(transcription.TranscriptionServiceService, transcriptionGrpcHandlers(deps));
    const grpcPort = await server.listen(`0.0.0.0:${config.grpcPort}`);
    lifecycle.add('gRPC server', server, (s) => s.shutdown());
    relay.start();
    retention.start();
    if (engineConfigured) worker.start();
    else logger.info('TRANSCRIPTION_URL is unset: transcription is off');
    return { retention, worker, grpcPort };
  });
}
