import { join } from 'node:path';
import { exitOnSignals } from '@vi/platform-http';
import { createLogger } from '@vi/platform-logger';
import { loadOrCreateLocalSecrets } from './local-secrets';
import { startSystem } from './system';

/**
 * `npm start`: every service in one process on the embedded defaults (PGlite
 * under ./data, in-process bus, in-memory rate limits), with a demo company.
 * Variables already set in the environment win over these defaults.
 */
async function main(): Promise<void> {
  const dataDir = process.env.DATA_DIR ?? './data';
  const secrets = loadOrCreateLocalSecrets(join(dataDir, 'local-secrets.json'));
  const env: NodeJS.ProcessEnv = {
    BOOTSTRAP_COMPANY_NAME: 'Demo Company',
    BOOTSTRAP_ADMIN_NAME: 'Demo Administrator',
    BOOTSTRAP_ADMIN_EMAIL: 'admin@demo.example',
    IDENTITY_GRPC_PORT: '50051',
    // Local runs deliver webhooks to receivers on this machine (localhost, private networks).
    WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
    ...secrets,
    ...process.env,
    DATA_DIR: dataDir,
  };
  const system = await startSystem({ env });
  const logger = createLogger('launcher');
  exitOnSignals(logger, system.stop);
  const publicUrl = `${(env.PUBLIC_BASE_URL ?? `http://localhost:${system.gateway.port}`).replace(/\/$/, '')}/v1.0`;
  process.stdout.write(
    [
      '',
      `  Video interviewing API ready at ${publicUrl}`,
      `  Demo company administrator API key: ${env.BOOTSTRAP_ADMIN_API_KEY}`,
      `  Try it:  curl -u ${env.BOOTSTRAP_ADMIN_API_KEY}: ${publicUrl}/me`,
      '',
    ].join('\n') + '\n',
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
