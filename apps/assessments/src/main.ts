import { runService } from '@vi/platform-http';
import { loadAssessmentsConfig } from './config';
import { startAssessmentsService } from './composition-root';

runService('assessments', (logger) => startAssessmentsService(loadAssessmentsConfig(), { logger }));
