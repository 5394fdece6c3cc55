import { runService } from '@vi/platform-http';
import { loadSharingConfig } from './config';
import { startSharingService } from './composition-root';

runService('sharing', (logger) => startSharingService(loadSharingConfig(), { logger }));
