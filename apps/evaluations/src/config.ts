import { parseEnv, serviceEnv } from '@vi/platform-config';
import { z } from 'zod';

const shared = serviceEnv('evaluations', { upstreams: ['identity', 'jobs', 'interviews'], outbox: true, processedEvents: true, eventReplay: true });

const schema = z.object({ ...shared.env });

export type EvaluationsConfig = ReturnType<typeof shared.configOf>;

export function loadEvaluationsConfig(env: NodeJS.ProcessEnv = process.env): EvaluationsConfig {
  return shared.configOf(parseEnv(schema, env));
}
