import { APPLY_PATH, jobs, pagePath } from '@vi/contracts';
import { busRetentionTasks, openServiceStorage, OutboxRelay, PollingLoop, RetentionSweep, startConsumers, type SharedInfrastructure } from '@vi/platform-bus';
import { GrpcServer, PrincipalTokens } from '@vi/platform-grpc';
import { startProcess, type Running } from '@vi/platform-http';
import { createLogger } from '@vi/platform-logger';
import { MediabunnyVideoProbe, openMediaStorage } from '@vi/platform-media';
import { systemClock } from '@vi/platform-time';
import { jobsMigrations } from '../migrations';
import { resumeOpenInterviewApplications } from './application/resume-open-interview-applications/resume-open-interview-applications';
import { sweepVideoDeletions } from './application/sweep-video-deletions/sweep-video-deletions';
import type { JobsConfig } from './config';
import { CachedIdentityDirectory } from './infrastructure/cached-identity.directory';
import { GrpcIdentityDirectory } from './infrastructure/identity.client';
import { FollowUps } from './infrastructure/follow-ups';
import { GrpcInterviewsDirectory } from './infrastructure/interviews.client';
import type { JobsDatabase } from './infrastructure/jobs.database';
import { createJobsStore } from './infrastructure/jobs.store';
import { MemoryJobPageCache } from './infrastructure/memory-job-page.cache';
import { dailyApplicationsRetention } from './infrastructure/open-interview-application.repository';
import { jobsEventConsumers } from './transport/events/event-consumers';
import { jobsGrpcHandlers } from './transport/grpc/jobs.grpc';

/** How often the resume sweep looks for applications whose interview was not made after their answer (decision 045). */
const RESUME_INTERVAL_MS = 30_000;

export type RunningJobsService = Running<{
  /** Decision 019: the retention sweep (tests run it with a later clock). */
  retention: RetentionSweep;
  grpcPort: number;
  /** Runs one pass of the resume sweep now (tests; a loop runs it every 30 s): answers how many claims it took. */
  resumeApplications(): Promise<number>;
}>;

/** Wiring only: config → adapters → use cases → transports, each resource registered with the lifecycle as it starts. */
export function startJobsService(config: JobsConfig, shared: SharedInfrastructure = {}): Promise<RunningJobsService> {
  const logger = shared.logger ?? createLogger('jobs');
  return startProcess('jobs service', { healthPort: config.healthPort, logger }, async (lifecycle) => {
    const { database, bus } = await openServiceStorage<JobsDatabase>(lifecycle, { schema: 'jobs', migrations: jobsMigrations, logger }, config, shared);
    const relay = lifecycle.add('outbox relay', new OutboxRelay(database.db, bus, logger, { pollIntervalMs: config.outboxPollMs }), (r) => r.stop());
    const tokens = new PrincipalTokens(config.secrets.internalJwt);
    const remoteIdentity = lifecycle.add('identity client', new GrpcIdentityDirectory(config.upstreams.identity, tokens), (c) => c.close());
    const identity = new CachedIdentityDirectory(remoteIdentity, systemClock);
    const interviews = lifecycle.add('interviews client', new GrpcInterviewsDirectory(config.upstreams.interviews, tokens), (c) => c.close());
    // Stopped before the interviews client is closed: an application's interview under way is finished first.
    const afterAnswer = lifecycle.add('open interview follow-ups', new FollowUps(logger), (f) => f.drain());
    const links = {
      linkOf: (uuid: string) => `${config.publicBaseUrl}${pagePath(APPLY_PATH, { openInterviewUuid: uuid })}`,
      videoUrlOf: (uuid: string) => `${config.publicBaseUrl}/v1.0/public/job_videos/${uuid}`,
    };
    const { media, playback } = openMediaStorage(config.media, (name, resource, stop) => lifecycle.add(name, resource, stop));
    // A video's object that could not be deleted at once: the change stands, its row waits for the sweep (decision 061).
    const onOrphan = (storageKey: string, error: unknown) => logger.warn({ err: error, storageKey }, 'job video left for the retention sweep');
    const pages = new MemoryJobPageCache(() => identity.generation, systemClock);
    const store = createJobsStore(database.db, relay);

    const retention = lifecycle.add(
      'retention sweep',
      // The video task last: a storage that refuses deletes fails it, and the bus tables are pruned all the same.
      new RetentionSweep(
        [...busRetentionTasks(database.db, config.retention), dailyApplicationsRetention(database.db), sweepVideoDeletions({ store, media })],
        config.retention.sweepIntervalMs,
        logger,
      ),
      (r) => r.stop(),
    );
    // Stopped before the interviews client is closed, as the follow-ups are.
    const resumeApplications = () => resumeOpenInterviewApplications({ store, interviews, clock: systemClock, logger });
    const resumer = lifecycle.add(
      'open interview applications resumed',
      new PollingLoop(resumeApplications, RESUME_INTERVAL_MS, (error) => logger.error({ err: error }, 'resuming open interview applications failed')),
      (loop) => loop.stop(),
    );
    lifecycle.add('event consumers', await startConsumers(bus, jobsEventConsumers({ identity })), (c) => c.close());
    const server = new GrpcServer(tokens, logger).add(
      jobs.JobsServiceService,
      jobsGrpcHandlers({
        store,
        identity,
        pages,
        clock: systemClock,
        links,
        interviews,
        afterAnswer,
        dueDays: config.openInterviewDueDays,
        media,
        playback,
        video: new MediabunnyVideoProbe(),
        maxBytes: config.media.maxJobVideoBytes,
        onOrphan,
      }),
    );
    const grpcPort = await server.listen(`0.0.0.0:${config.grpcPort}`);
    lifecycle.add('gRPC server', server, (s) => s.shutdown());
    relay.start();
    retention.start();
    resumer.start();
    return { retention, grpcPort, resumeApplications };
  });
}
