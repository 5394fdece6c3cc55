import { runService } from '@vi/platform-http';
import { loadIdentityConfig } from './config';
import { startIdentityService } from './composition-root';

runService('identity', (logger) => startIdentityService(loadIdentityConfig(), { logger }));
