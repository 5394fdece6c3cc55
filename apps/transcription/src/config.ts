import { optionalString, parseEnv, positiveInt, serviceEnv, withDefault } from '@vi/platform-config';
import { z } from 'zod';

const shared = serviceEnv('transcription', { upstreams: ['interviews'], outbox: true, processedEvents: true, eventReplay: true });

const schema = z.object({
  ...shared.env,
  /** The engine's base URL (or its whole `/v1/audio/transcriptions`); unset, transcription is off. */
  TRANSCRIPTION_URL: z.preprocess((v) => (v === '' ? undefined : v), z.url({ error: 'must be an http(s) URL' }).optional()),
  TRANSCRIPTION_API_KEY: optionalString(),
  TRANSCRIPTION_MODEL: withDefault(z.string().min(1), 'whisper-1'),
  TRANSCRIPTION_CONCURRENCY: positiveInt(2),
  TRANSCRIPTION_PIECE_SECONDS: positiveInt(600),
  TRANSCRIPTION_RETRY_BASE_MS: positiveInt(2000),
  TRANSCRIPTION_TIMEOUT_MS: positiveInt(300_000),
  TRANSCRIPTION_POLL_MS: positiveInt(5000),
});

export type TranscriptionConfig = ReturnType<typeof shared.configOf> & {
  /** Unset without TRANSCRIPTION_URL: transcription is off. */
  engine?: { url: string; apiKey?: string; model: string; timeoutMs: number };
  worker: { concurrency: number; pieceSeconds: number; retryBaseMs: number; pollMs: number };
};

export function loadTranscriptionConfig(env: NodeJS.ProcessEnv = process.env): TranscriptionConfig {
  const e = parseEnv(schema, env);
  return {
    ...shared.configOf(e),
    engine: e.TRANSCRIPTION_URL
      ? { url: e.TRANSCRIPTION_URL, apiKey: e.TRANSCRIPTION_API_KEY, model: e.TRANSCRIPTION_MODEL, timeoutMs: e.TRANSCRIPTION_TIMEOUT_MS }
      : undefined,
    worker: {
      concurrency: e.TRANSCRIPTION_CONCURRENCY,
      pieceSeconds: e.TRANSCRIPTION_PIECE_SECONDS,
      retryBaseMs: e.TRANSCRIPTION_RETRY_BASE_MS,
      pollMs: e.TRANSCRIPTION_POLL_MS,
    },
  };
}
