import { z } from 'zod';
import { parseEnv, secret, serviceEnv } from '@vi/platform-config';

const shared = serviceEnv('sharing', {
  upstreams: ['identity', 'interviews', 'transcription'],
  outbox: true,
  processedEvents: true,
  eventReplay: true,
  publicBaseUrl: true,
});

const schema = z.object({
  ...shared.env,
  SHARE_LINK_SECRET: secret(),
});

export type SharingConfig = ReturnType<typeof shared.configOf> & {
  secrets: { internalJwt: string; shareLink: string };
};

export function loadSharingConfig(env: NodeJS.ProcessEnv = process.env): SharingConfig {
  const e = parseEnv(schema, env);
  const config = shared.configOf(e);
  return { ...config, secrets: { ...config.secrets, shareLink: e.SHARE_LINK_SECRET } };
}
