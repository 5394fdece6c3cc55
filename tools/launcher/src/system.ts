/**
 * Composes every service into one process for local runs and end-to-end
 * tests. This is the one place that imports apps (docs/decisions/002-all-in-one-launcher.md);
 * each service is still started through the same function its own main.ts uses.
 */
import { loadGatewayConfig } from '../../../apps/gateway/src/config';
import { startGateway, type RunningGateway } from '../../../apps/gateway/src/composition-root';
import { loadIdentityConfig } from '../../../apps/identity/src/config';
import { startIdentityService, type RunningIdentityService } from '../../../apps/identity/src/composition-root';
import { loadJobsConfig } from '../../../apps/jobs/src/config';
import { startJobsService, type RunningJobsService } from '../../../apps/jobs/src/composition-root';
import { loadInterviewsConfig } from '../../../apps/interviews/src/config';
import { startInterviewsService, type RunningInterviewsService } from '../../../apps/interviews/src/composition-root';
import { loadSharingConfig } from '../../../apps/sharing/src/config';
import { startSharingService, type RunningSharingService } from '../../../apps/sharing/src/composition-root';
import { loadEvaluationsConfig } from '../../../apps/evaluations/src/config';
import { startEvaluationsService, type RunningEvaluationsService } from '../../../apps/evaluations/src/composition-root';
import { loadAssessmentsConfig } from '../../../apps/assessments/src/config';
import { startAssessmentsService, type RunningAssessmentsService } from '../../../apps/assessments/src/composition-root';
import { loadTranscriptionConfig } from '../../../apps/transcription/src/config';
import { startTranscriptionService, type RunningTranscriptionService } from '../../../apps/transcription/src/composition-root';
import { loadNotificationsConfig } from '../../../apps/notifications/src/config';
import { startNotificationsService, type RunningNotificationsService } from '../../../apps/notifications/src/composition-root';
import { connectEventBus, type EventBus } from '@vi/platform-bus';
import { Lifecycle } from '@vi/platform-http';
import { createLogger, type Logger } from '@vi/platform-logger';
import type { EmbeddedPostgres } from '@vi/platform-postgres';
import { openEmbeddedPostgres } from './embedded-database';
import { freePort } from './free-port';

export interface RunningSystem {
  baseUrl: string;
  gateway: RunningGateway;
  identity: RunningIdentityService;
  jobs: RunningJobsService;
  interviews: RunningInterviewsService;
  sharing: RunningSharingService;
  evaluations: RunningEvaluationsService;
  /** The one running now: `restartAssessments` puts another in its place. */
  readonly assessments: RunningAssessmentsService;
  notifications: RunningNotificationsService;
  /** Transcripts (decision 073): off unless TRANSCRIPTION_URL names an engine. */
  transcription: RunningTranscriptionService;
  bus: EventBus;
  /**
   * Stops the notifications service and starts it again on the same gRPC port
   * (tests: a restart must lose nothing); `whileDown` runs in between.
   */
  restartNotifications(whileDown?: () => Promise<void>): Promise<void>;
  /** The same for the assessments service (tests: a callback retried across a restart is delivered once). */
  restartAssessments(whileDown?: () => Promise<void>): Promise<void>;
  /** The same for the interviews service (tests: what jobs asked of it meanwhile is not lost). */
  restartInterviews(whileDown?: () => Promise<void>): Promise<void>;
  stop(): Promise<void>;
}

export interface SystemOptions {
  /** Environment for every service, the same variables they read when run alone. */
  env: NodeJS.ProcessEnv;
  /** Per-run Redis key prefix (tests). */
  rateLimitPrefix?: string;
  /** An embedded database the caller opened and closes (tests start it from a template); without it, one under DATA_DIR. */
  database?: EmbeddedPostgres;
}

export async function startSystem(options: SystemOptions): Promise<RunningSystem> {
  const env = options.env;
  const level = env.LOG_LEVEL ?? 'info';
  const logger = createLogger('bus', level);
  // Each service is stopped before the ones it calls, and a service that fails to start stops those started before it.
  const lifecycle = new Lifecycle(createLogger('launcher', level));
  try {
    return await startServices(options, lifecycle, logger);
  } catch (error) {
    await lifecycle.stop().catch(() => undefined);
    throw error;
  }
}

/** A port chosen free may be taken by another process before the service binds it: so many tries, then the error. */
const PORT_TRIES = 5;

/**
 * Jobs and interviews call each other (an open interview's applicant gets an interview: decision 045), so interviews'
 * port is known before jobs starts, even when the run asks for any free port (`GRPC_PORT` 0). That port is free
 * when chosen, not reserved: another process (parallel test systems) may bind it first, and interviews then fails
 * with EADDRINUSE; both start again on another port.
 */
async function startJobsAndInterviews(
  env: NodeJS.ProcessEnv,
  identityUrl: string,
  shared: { bus: EventBus; database: EmbeddedPostgres | undefined; level: string },
  lifecycle: Lifecycle,
): Promise<{
  jobs: RunningJobsService;
  interviews: { current: RunningInterviewsService };
  startInterviews: (grpcPort: number) => Promise<RunningInterviewsService>;
}> {
  const interviewsConfig = loadInterviewsConfig(env);
  const { bus, database, level } = shared;
  for (let attempt = 1; ; attempt++) {
    const interviewsPort = interviewsConfig.grpcPort || (await freePort());
    const jobs = await startJobsService(
      { ...loadJobsConfig(env), upstreams: { identity: identityUrl, interviews: `127.0.0.1:${interviewsPort}` } },
      { bus, database, logger: createLogger('jobs', level) },
    );
    const startInterviews = (grpcPort: number) =>
      startInterviewsService(
        { ...interviewsConfig, grpcPort, upstreams: { identity: identityUrl, jobs: `127.0.0.1:${jobs.grpcPort}` } },
        { bus, database, logger: createLogger('interviews', level) },
      );
    try {
      const interviews = { current: await startInterviews(interviewsPort) };
      // Registered in start order: interviews (which calls jobs) is stopped first; restartInterviews puts another in
      // its place, the one there then is stopped.
      lifecycle.add('jobs', jobs, (s) => s.stop());
      return { jobs, interviews: lifecycle.add('interviews', interviews, (c) => c.current.stop()), startInterviews };
    } catch (error) {
      await jobs.stop();
      if (interviewsConfig.grpcPort || attempt === PORT_TRIES || !String(error).includes('EADDRINUSE')) throw error;
    }
  }
}

async function startServices(options: SystemOptions, lifecycle: Lifecycle, logger: Logger): Promise<RunningSystem> {
  const env = options.env;
  const level = env.LOG_LEVEL ?? 'info';
  const identityConfig = loadIdentityConfig(env);
  const gatewayConfig = loadGatewayConfig(env);
  const bus = lifecycle.add(
    'event bus',
    await connectEventBus({ natsUrl: identityConfig.bus.natsUrl, streamRoot: identityConfig.bus.streamRoot, logger }),
    (b) => b.close(),
  );
  // Without DATABASE_URL every service gets a schema in one embedded PostgreSQL (one start-up, not five).
  const owned =
    identityConfig.database.url || options.database ? undefined : lifecycle.add('embedded database', await openEmbeddedPostgres(env), (d) => d.close());
  const database = identityConfig.database.url ? undefined : (options.database ?? owned);
  const identity = lifecycle.add('identity', await startIdentityService(identityConfig, { bus, database, logger: createLogger('identity', level) }), (s) =>
    s.stop(),
  );
  const identityUrl = `127.0.0.1:${identity.grpcPort}`;
  const { jobs, interviews, startInterviews } = await startJobsAndInterviews(env, identityUrl, { bus, database, level }, lifecycle);
  const jobsUrl = `127.0.0.1:${jobs.grpcPort}`;
  const interviewsUrl = `127.0.0.1:${interviews.current.grpcPort}`;
  // Before sharing and the gateway, which read transcripts from it.
  const transcription = lifecycle.add(
    'transcription',
    await startTranscriptionService(
      { ...loadTranscriptionConfig(env), upstreams: { interviews: interviewsUrl } },
      { bus, database, logger: createLogger('transcription', level) },
    ),
    (s) => s.stop(),
  );
  const transcriptionUrl = `127.0.0.1:${transcription.grpcPort}`;
  const sharing = lifecycle.add(
    'sharing',
    await startSharingService(
      { ...loadSharingConfig(env), upstreams: { identity: identityUrl, interviews: interviewsUrl, transcription: transcriptionUrl } },
      { bus, database, logger: createLogger('sharing', level) },
    ),
    (s) => s.stop(),
  );
  const evaluations = lifecycle.add(
    'evaluations',
    await startEvaluationsService(
      { ...loadEvaluationsConfig(env), upstreams: { identity: identityUrl, jobs: jobsUrl, interviews: interviewsUrl } },
      { bus, database, logger: createLogger('evaluations', level) },
    ),
    (s) => s.stop(),
  );
  const assessmentsConfig = {
    ...loadAssessmentsConfig(env),
    upstreams: { jobs: jobsUrl, interviews: interviewsUrl, evaluations: `127.0.0.1:${evaluations.grpcPort}`, sharing: `127.0.0.1:${sharing.grpcPort}` },
  };
  const startAssessments = (grpcPort: number) =>
    startAssessmentsService({ ...assessmentsConfig, grpcPort }, { bus, database, logger: createLogger('assessments', level) });
  const assessments = lifecycle.add('assessments', { current: await startAssessments(assessmentsConfig.grpcPort) }, (c) => c.current.stop());
  const notificationsConfig = {
    ...loadNotificationsConfig(env),
    upstreams: { identity: identityUrl, interviews: interviewsUrl, sharing: `127.0.0.1:${sharing.grpcPort}` },
  };
  const startNotifications = (grpcPort: number) =>
    startNotificationsService({ ...notificationsConfig, grpcPort }, { bus, database, logger: createLogger('notifications', level) });
  // restartNotifications (and a test, through the system's setter) put another in its place: the one there then is stopped.
  const current = lifecycle.add('notifications', { notifications: await startNotifications(notificationsConfig.grpcPort) }, (c) => c.notifications.stop());
  const gateway = lifecycle.add(
    'gateway',
    await startGateway(
      {
        ...gatewayConfig,
        upstreams: {
          identity: identityUrl,
          jobs: jobsUrl,
          interviews: interviewsUrl,
          sharing: `127.0.0.1:${sharing.grpcPort}`,
          notifications: `127.0.0.1:${current.notifications.grpcPort}`,
          evaluations: `127.0.0.1:${evaluations.grpcPort}`,
          assessments: `127.0.0.1:${assessments.current.grpcPort}`,
          transcription: transcriptionUrl,
        },
      },
      { bus, logger: createLogger('gateway', level), rateLimitPrefix: options.rateLimitPrefix },
    ),
    (s) => s.stop(),
  );
  return {
    baseUrl: `http://127.0.0.1:${gateway.port}/v1.0`,
    gateway,
    identity,
    jobs,
    get interviews() {
      return interviews.current;
    },
    sharing,
    evaluations,
    transcription,
    get assessments() {
      return assessments.current;
    },
    get notifications() {
      return current.notifications;
    },
    set notifications(service) {
      current.notifications = service;
    },
    bus,
    restartNotifications: async (whileDown) => {
      await current.notifications.stop();
      await whileDown?.();
      current.notifications = await startNotifications(current.notifications.grpcPort);
    },
    restartAssessments: async (whileDown) => {
      await assessments.current.stop();
      await whileDown?.();
      assessments.current = await startAssessments(assessments.current.grpcPort);
    },
    restartInterviews: async (whileDown) => {
      await interviews.current.stop();
      await whileDown?.();
      interviews.current = await startInterviews(interviews.current.grpcPort);
    },
    stop: () => lifecycle.stop(),
  };
}
