import { exitOnSignals } from '@vi/platform-http';
import { createLogger } from '@vi/platform-logger';
import { loadIdentityConfig } from './config';
import { startIdentityService } from './composition-root';

async function main(): Promise<void> {
  const logger = createLogger('identity');
  const service = await startIdentityService(loadIdentityConfig(), { logger });
  exitOnSignals(logger, service.stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
