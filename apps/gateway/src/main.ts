import { exitOnSignals } from '@vi/platform-http';
import { createLogger } from '@vi/platform-logger';
import { loadGatewayConfig } from './config';
import { startGateway } from './composition-root';

async function main(): Promise<void> {
  const logger = createLogger('gateway');
  const gateway = await startGateway(loadGatewayConfig(), { logger });
  exitOnSignals(logger, gateway.stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
