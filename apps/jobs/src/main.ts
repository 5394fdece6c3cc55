import { exitOnSignals } from '@vi/platform-http';
import { createLogger } from '@vi/platform-logger';
import { loadJobsConfig } from './config';
import { startJobsService } from './composition-root';

async function main(): Promise<void> {
  const logger = createLogger('jobs');
  const service = await startJobsService(loadJobsConfig(), { logger });
  exitOnSignals(logger, service.stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
