import { runService } from '@vi/platform-http';
import { loadGatewayConfig } from './config';
import { startGateway } from './composition-root';

runService('gateway', (logger) => startGateway(loadGatewayConfig(), { logger }));
