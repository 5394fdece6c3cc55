import { runService } from '@vi/platform-http';
import { loadEvaluationsConfig } from './config';
import { startEvaluationsService } from './composition-root';

runService('evaluations', (logger) => startEvaluationsService(loadEvaluationsConfig(), { logger }));
