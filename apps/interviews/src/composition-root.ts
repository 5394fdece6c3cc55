import { interviews } from '@vi/contracts';
import { busRetentionTasks, openServiceStorage, OutboxRelay, PollingLoop, RetentionSweep, startConsumers, type SharedInfrastructure } from '@vi/platform-bus';
import { GrpcServer, PrincipalTokens } from '@vi/platform-grpc';
import { startProcess, type Running } from '@vi/platform-http';
import { createLogger } from '@vi/platform-logger';
import { MediabunnyVideoProbe, openMediaStorage } from '@vi/platform-media';
import { systemClock } from '@vi/platform-time';
import { interviewsMigrations } from '../migrations';
import { finishIdleRecordings } from './application/finish-idle-recordings/finish-idle-recordings';
import { expireOverdueInterviews } from './application/expire-overdue-interviews/expire-overdue-interviews';
import { purgeDeletedInterviewMedia } from './application/purge-deleted-interview-media/purge-deleted-interview-media';
import { purgeSupersededTakes } from './application/purge-superseded-takes/purge-superseded-takes';
import type { InterviewsConfig } from './config';
import { SignedCandidateLinks } from './infrastructure/candidate-links';
import type { InterviewsDatabase } from './infrastructure/interviews.database';
import { createInterviewsStore } from './infrastructure/interviews.store';
import { GrpcIdentityDirectory } from './infrastructure/identity.client';
import { GrpcJobsDirectory } from './infrastructure/jobs.client';
import { CachedJobsDirectory } from './infrastructure/cached-jobs.directory';
import { interviewPageCache } from './infrastructure/interview-page.cache';
import { interviewsEventConsumers } from './transport/events/event-consumers';
import { candidateInterviewsHandlers } from './transport/grpc/candidate-interviews.grpc';
import type { InterviewsGrpcDeps } from './transport/grpc/grpc-deps';
import { interviewsHandlers } from './transport/grpc/interviews.grpc';
import { liveCallsHandlers } from './transport/grpc/live-calls.grpc';
import { questionSetHandlers } from './transport/grpc/question-sets.grpc';
import { questionsHandlers } from './transport/grpc/questions.grpc';
import { recordingsHandlers } from './transport/grpc/recordings.grpc';
import { sharedInterviewsHandlers } from './transport/grpc/shared-interviews.grpc';
import { takesHandlers } from './transport/grpc/takes.grpc';

export type RunningInterviewsService = Running<{
  /** Decision 019: the retention sweep (tests run it with a later clock). */
  retention: RetentionSweep;
  grpcPort: number;
  /** Runs one expiry sweep now (tests; the loop runs it every INTERVIEW_EXPIRY_SWEEP_MS). */
  sweepExpired(): Promise<number>;
  /** Finishes the recordings idle for RECORDING_IDLE_FINISH now (tests; a loop runs it every quarter of that, at most every 30 s). */
  finishIdleRecordings(): Promise<number>;
}>;

/** Wiring only: config → adapters → use cases → transports, each resource registered with the lifecycle as it starts. */
export function startInterviewsService(config: InterviewsConfig, shared: SharedInfrastructure = {}): Promise<RunningInterviewsService> {
  const logger = shared.logger ?? createLogger('interviews');
  return startProcess('interviews service', { healthPort: config.healthPort, logger }, async (lifecycle) => {
    const { database, bus } = await openServiceStorage<InterviewsDatabase>(
      lifecycle,
      { schema: 'interviews', migrations: interviewsMigrations, logger },
      config,
      shared,
    );
    const relay = lifecycle.add('outbox relay', new OutboxRelay(database.db, bus, logger, { pollIntervalMs: config.outboxPollMs }), (r) => r.stop());
    const tokens = new PrincipalTokens(config.secrets.internalJwt);
    const identity = lifecycle.add('identity client', new GrpcIdentityDirectory(config.upstreams.identity, tokens), (c) => c.close());
    const clock = systemClock;
    const jobs = new CachedJobsDirectory(
      lifecycle.add('jobs client', new GrpcJobsDirectory(config.upstreams.jobs, tokens), (c) => c.close()),
      clock,
    );
    const links = new SignedCandidateLinks(config.publicBaseUrl, config.secrets.candidateToken, clock);
    const store = createInterviewsStore(database.db, relay);

    const { media, playback } = openMediaStorage(config.media, (name, resource, stop) => lifecycle.add(name, resource, stop));
    const purgeMedia = purgeDeletedInterviewMedia({ store, media, graceMs: config.media.deletedGraceMs });
    const purgeSuperseded = purgeSupersededTakes({ store, media, graceMs: config.media.supersededTakeGraceMs });
    const retention = lifecycle.add(
      'retention sweep',
      new RetentionSweep([...busRetentionTasks(database.db, config.retention), purgeMedia, purgeSuperseded], config.retention.sweepIntervalMs, logger, clock),
      (r) => r.stop(),
    );
    const sweepExpired = () => expireOverdueInterviews({ store, clock });
    const expiry = lifecycle.add(
      'expiry sweep',
      new PollingLoop(sweepExpired, config.expirySweepMs, (error) => logger.error({ err: error }, 'expiry sweep failed')),
      (loop) => loop.stop(),
    );
    const video = new MediabunnyVideoProbe();
    const finishIdle = () => finishIdleRecordings({ store, media, video, clock, idleMs: config.recordings.idleFinishMs });
    const recordingFinisher = lifecycle.add(
      'idle recordings finisher',
      new PollingLoop(finishIdle, Math.min(30_000, Math.max(1_000, config.recordings.idleFinishMs / 4)), (error) =>
        logger.error({ err: error }, 'finishing idle recordings failed'),
      ),
      (loop) => loop.stop(),
    );
    lifecycle.add('event consumers', await startConsumers(bus, interviewsEventConsumers({ store, jobs })), (c) => c.close());
    const deps: InterviewsGrpcDeps = {
      store,
      identity,
      jobs,
      links,
      tokens: links,
      media,
      playback,
      video,
      maxTakeBytes: config.media.maxTakeBytes,
      maxTakeBitrate: config.media.maxTakeBitrate,
      maxInterviewMediaBytes: config.media.maxInterviewMediaBytes,
      maxCompanyMediaBytes: config.media.maxCompanyMediaBytes,
      clock,
      pages: interviewPageCache(clock),
    };
    // One gRPC service per resource (decision 065), all on this one port.
    const server = new GrpcServer(tokens, logger)
      .add(interviews.InterviewsServiceService, interviewsHandlers(deps))
      .add(interviews.QuestionsServiceService, questionsHandlers(deps))
      .add(interviews.QuestionSetsServiceService, questionSetHandlers(deps))
      .add(interviews.TakesServiceService, takesHandlers(deps))
      .add(interviews.RecordingsServiceService, recordingsHandlers(deps))
      .add(interviews.CandidateInterviewsServiceService, candidateInterviewsHandlers(deps))
      .add(interviews.LiveCallsServiceService, liveCallsHandlers(deps))
      .add(interviews.SharedInterviewsServiceService, sharedInterviewsHandlers(deps));
    const grpcPort = await server.listen(`0.0.0.0:${config.grpcPort}`);
    lifecycle.add('gRPC server', server, (s) => s.shutdown());
    relay.start();
    retention.start();
    // Its first pass runs now: interviews that fell due while the service was down expire at once.
    expiry.start();
    recordingFinisher.start();
    return { retention, grpcPort, sweepExpired, finishIdleRecordings: finishIdle };
  });
}
