import { z } from 'zod';
import { parseEnv, serviceEnv } from '@vi/platform-config';

const shared = serviceEnv('jobs', { upstreams: ['identity', 'interviews'], outbox: true, publicBaseUrl: true });

const schema = z.object({
  ...shared.env,
  // Decision 045: an open interview's applicant has this many days to answer (never past its end date).
  OPEN_INTERVIEW_DUE_DAYS: z.coerce.number().int().min(1).max(365).default(7),
});

export type JobsConfig = ReturnType<typeof shared.configOf> & { openInterviewDueDays: number };

export function loadJobsConfig(env: NodeJS.ProcessEnv = process.env): JobsConfig {
  const e = parseEnv(schema, env);
  return { ...shared.configOf(e), openInterviewDueDays: e.OPEN_INTERVIEW_DUE_DAYS };
}
