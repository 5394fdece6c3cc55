import { exitOnSignals } from '@vi/platform-http';
import { createLogger } from '@vi/platform-logger';
import { loadNotificationsConfig } from './config';
import { startNotificationsService } from './composition-root';

async function main(): Promise<void> {
  const logger = createLogger('notifications');
  const service = await startNotificationsService(loadNotificationsConfig(), { logger });
  exitOnSignals(logger, service.stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
