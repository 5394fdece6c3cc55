import { z } from 'zod';
import { parseEnv, serviceEnv } from '@vi/platform-config';

const shared = serviceEnv('jobs', { upstreams: ['identity'], outbox: true });

const schema = z.object({ ...shared.env });

export type JobsConfig = ReturnType<typeof shared.configOf>;

export function loadJobsConfig(env: NodeJS.ProcessEnv = process.env): JobsConfig {
  return shared.configOf(parseEnv(schema, env));
}
