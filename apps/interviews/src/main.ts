import { runService } from '@vi/platform-http';
import { loadInterviewsConfig } from './config';
import { startInterviewsService } from './composition-root';

runService('interviews', (logger) => startInterviewsService(loadInterviewsConfig(), { logger }));
