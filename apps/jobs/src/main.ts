import { runService } from '@vi/platform-http';
import { loadJobsConfig } from './config';
import { startJobsService } from './composition-root';

runService('jobs', (logger) => startJobsService(loadJobsConfig(), { logger }));
