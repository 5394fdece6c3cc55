import { exitOnSignals } from '@vi/platform-http';
import { createLogger } from '@vi/platform-logger';
import { loadInterviewsConfig } from './config';
import { startInterviewsService } from './composition-root';

async function main(): Promise<void> {
  const logger = createLogger('interviews');
  const service = await startInterviewsService(loadInterviewsConfig(), { logger });
  exitOnSignals(logger, service.stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
