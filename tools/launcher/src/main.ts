import { join } from 'node:path';
import { exitOnSignals } from '@vi/platform-http';
import { createLogger } from '@vi/platform-logger';
import { startTracing } from '@vi/platform-tracing';
import { ensureWebBundle } from '../../../apps/web/build/build-web';
import { openEmbeddedPostgres } from './embedded-database';
import { LOCAL_RUN_DEFAULTS, loadOrCreateLocalSecrets } from './local-secrets';

/**
 * `npm start`: every service in one process on the embedded defaults (PGlite
 * under ./data, in-process bus, in-memory rate limits), with a demo company.
 * Variables already set in the environment win over these defaults.
 */
async function main(): Promise<void> {
  const dataDir = process.env.DATA_DIR ?? './data';
  const secrets = loadOrCreateLocalSecrets(join(dataDir, 'local-secrets.json'));
  const env: NodeJS.ProcessEnv = {
    ...LOCAL_RUN_DEFAULTS,
    IDENTITY_GRPC_PORT: '50051',
    ...secrets,
    ...process.env,
    DATA_DIR: dataDir,
  };
  const logger = createLogger('launcher');
  // Once for the process, before any service: every service's spans share this one `service.name` (their
  // span names tell them apart; `npm run start:services` gives each its own).
  const tracing = await startTracing({ serviceName: 'video-interviewing', logger });
  // `npm install` built the pages; a checkout whose page sources changed since rebuilds them in a child
  // process on the other core while the services start. Until then the pages answer 503 with what to do.
  const pages = ensureWebBundle().catch((error: unknown) => logger.error({ err: error }, 'the web pages could not be built (npm run build:web shows why)'));
  // The embedded database opens while the services' code loads (its WebAssembly compiles off the main thread).
  const opening = env.DATABASE_URL ? undefined : openEmbeddedPostgres(env);
  const { startSystem } = await import('./system.js');
  const database = await opening;
  const system = await startSystem({ env, database });
  exitOnSignals(logger, async () => {
    await system.stop();
    await database?.close();
    await tracing.shutdown();
  });
  await pages;
  const baseUrl = (env.PUBLIC_BASE_URL ?? `http://localhost:${system.gateway.port}`).replace(/\/$/, '');
  const key = env.BOOTSTRAP_ADMIN_API_KEY;
  const mail = env.SMTP_URL ? `sent through ${env.SMTP_URL}` : `written as .eml files under ${env.MAIL_DIR ?? join(dataDir, 'mail')}`;
  process.stdout.write(
    [
      '',
      '  Video interviewing is running.',
      '',
      `  API             ${baseUrl}/v1.0`,
      `  Demo API key    ${key}  (administrator of "${env.BOOTSTRAP_COMPANY_NAME}")`,
      `  Try it          curl -u ${key}: ${baseUrl}/v1.0/me`,
      '',
      `  Candidate page  npm run demo -- --email you@example.com`,
      '                  creates a job and an interview for you and prints its invitation link',
      '                  (--live: a video call with you as the candidate and the interviewer)',
      `  Reviewer page   ${baseUrl}/share/<token>, the url of a share link`,
      `  Company pages   ${baseUrl}/sign-in  (choose the demo administrator's password at ${baseUrl}/forgot-password)`,
      `  Emails          ${mail}`,
      `  Data            ${dataDir} (delete it to start over); Ctrl-C stops`,
      '',
    ].join('\n') + '\n',
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
