import {
  outboundDeliveryEnv,
  outboundDeliveryOf,
  parseEnv,
  positiveInt,
  secret,
  serviceEnv,
  withDefault,
  type OutboundDeliveryConfig,
} from '@vi/platform-config';
import { z } from 'zod';

const shared = serviceEnv('assessments', { upstreams: ['jobs', 'interviews', 'evaluations', 'sharing'], processedEvents: true, eventReplay: true });

const schema = z.object({
  ...shared.env,
  ...outboundDeliveryEnv,
  ASSESSMENTS_ENCRYPTION_KEY: secret(),
  ASHBY_API_URL: withDefault(z.url(), 'https://api.ashbyhq.com'),
  ASSESSMENT_DUE_DAYS: positiveInt(7),
  ASSESSMENTS_POLL_MS: positiveInt(1_000),
});

/**
 * `upstreams`: jobs (the tests), interviews (create, cancel, read), evaluations (the score), sharing (the profile URL).
 * `callbacks`: the webhooks' schedule, timeout and address rule (decision 071).
 */
export type AssessmentsConfig = ReturnType<typeof shared.configOf> & {
  secrets: { internalJwt: string; encryption: string };
  ashbyApiUrl: string;
  dueDays: number;
  pollMs: number;
  callbacks: OutboundDeliveryConfig;
};

export function loadAssessmentsConfig(env: NodeJS.ProcessEnv = process.env): AssessmentsConfig {
  const e = parseEnv(schema, env);
  const config = shared.configOf(e);
  return {
    ...config,
    secrets: { ...config.secrets, encryption: e.ASSESSMENTS_ENCRYPTION_KEY },
    ashbyApiUrl: e.ASHBY_API_URL,
    dueDays: e.ASSESSMENT_DUE_DAYS,
    pollMs: e.ASSESSMENTS_POLL_MS,
    callbacks: outboundDeliveryOf(e),
  };
}
