import { runService } from '@vi/platform-http';
import { loadTranscriptionConfig } from './config';
import { startTranscriptionService } from './composition-root';

runService('transcription', (logger) => startTranscriptionService(loadTranscriptionConfig(), { logger }));
