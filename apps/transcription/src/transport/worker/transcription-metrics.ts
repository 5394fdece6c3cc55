import { Counter, Histogram } from 'prom-client';

/** Tries of transcripts by outcome: done, retried (a 429, 5xx or no answer, tried again later), failed, superseded. */
export const transcriptionTries = new Counter({
  name: 'transcription_tries_total',
  help: 'Tries of transcripts by outcome (done, retried, failed; superseded: asked again or deleted meanwhile)',
  labelNames: ['outcome'] as const,
});

/** How long a try took: the media read, the audio taken out, every piece answered by the engine. */
export const transcriptionTryDuration = new Histogram({
  name: 'transcription_try_duration_seconds',
  help: 'Duration of one try of a transcript (media, audio, engine), by outcome',
  labelNames: ['outcome'] as const,
  buckets: [0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600],
});
