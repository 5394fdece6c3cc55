import { exitOnSignals } from '@vi/platform-http';
import { createLogger } from '@vi/platform-logger';
import { loadSharingConfig } from './config';
import { startSharingService } from './composition-root';

async function main(): Promise<void> {
  const logger = createLogger('sharing');
  const service = await startSharingService(loadSharingConfig(), { logger });
  exitOnSignals(logger, service.stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
