/**
 * Composes every service into one process for local runs and end-to-end
 * tests. This is the one place that imports apps (docs/decisions/002-all-in-one-launcher.md);
 * each service is still started through the same function its own main.ts uses.
 */
import { loadGatewayConfig } from '../../../apps/gateway/src/config';
import { startGateway, type RunningGateway } from '../../../apps/gateway/src/gateway.service';
import { loadIdentityConfig } from '../../../apps/identity/src/config';
import { startIdentityService, type RunningIdentityService } from '../../../apps/identity/src/identity.service';
import { loadJobsConfig } from '../../../apps/jobs/src/config';
import { startJobsService, type RunningJobsService } from '../../../apps/jobs/src/jobs.service';
import { loadInterviewsConfig } from '../../../apps/interviews/src/config';
import { startInterviewsService, type RunningInterviewsService } from '../../../apps/interviews/src/interviews.service';
import { connectEventBus, type EventBus } from '@vi/platform-bus';
import { createLogger } from '@vi/platform-logger';

export interface RunningSystem {
  baseUrl: string;
  gateway: RunningGateway;
  identity: RunningIdentityService;
  jobs: RunningJobsService;
  interviews: RunningInterviewsService;
  bus: EventBus;
  stop(): Promise<void>;
}

export interface SystemOptions {
  /** Environment for every service, the same variables they read when run alone. */
  env: NodeJS.ProcessEnv;
  /** Per-run Redis key prefix (tests). */
  rateLimitPrefix?: string;
}

export async function startSystem(options: SystemOptions): Promise<RunningSystem> {
  const env = options.env;
  const level = env.LOG_LEVEL ?? 'info';
  const logger = createLogger('bus', level);
  const identityConfig = loadIdentityConfig(env);
  const gatewayConfig = loadGatewayConfig(env);
  const bus = await connectEventBus({ natsUrl: identityConfig.bus.natsUrl, streamRoot: identityConfig.bus.streamRoot, logger });
  const identity = await startIdentityService(identityConfig, { bus, logger: createLogger('identity', level) });
  const identityUrl = `127.0.0.1:${identity.grpcPort}`;
  const jobs = await startJobsService({ ...loadJobsConfig(env), upstreams: { identity: identityUrl } }, { bus, logger: createLogger('jobs', level) });
  const jobsUrl = `127.0.0.1:${jobs.grpcPort}`;
  const interviews = await startInterviewsService(
    { ...loadInterviewsConfig(env), upstreams: { identity: identityUrl, jobs: jobsUrl } },
    { bus, logger: createLogger('interviews', level) },
  );
  const gateway = await startGateway(
    { ...gatewayConfig, upstreams: { identity: identityUrl, jobs: jobsUrl, interviews: `127.0.0.1:${interviews.grpcPort}` } },
    { bus, logger: createLogger('gateway', level), rateLimitPrefix: options.rateLimitPrefix },
  );
  return {
    baseUrl: `http://127.0.0.1:${gateway.port}/v1.0`,
    gateway,
    identity,
    jobs,
    interviews,
    bus,
    stop: async () => {
      await gateway.stop();
      await interviews.stop();
      await jobs.stop();
      await identity.stop();
      await bus.close();
    },
  };
}
