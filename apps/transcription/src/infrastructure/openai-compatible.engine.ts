import { EngineFailure, type AudioPiece, type EngineTranscript, type TranscriptionEngine } from '../application/ports';
import { retryAfterOf, type EngineSegment } from '../domain/transcript';

export interface EngineSettings {
  /** TRANSCRIPTION_URL: the base (`http://speaches:8000`) or the whole endpoint. */
  url: string;
  /** TRANSCRIPTION_API_KEY: sent as `Authorization: Bearer` when set. */
  apiKey?: string;
  /** TRANSCRIPTION_MODEL. */
  model: string;
  /** How long one piece may take (the engine transcribes it before it answers). */
  timeoutMs: number;
}

const PATH = '/v1/audio/transcriptions';

/** The endpoint a TRANSCRIPTION_URL names: the path added unless the URL already ends with it. */
export function endpointOf(url: string): string {
  const base = url.replace(/\/+$/, '');
  return base.endsWith(PATH) ? base : `${base}${PATH}`;
}

/**
 * Any OpenAI-compatible `POST /v1/audio/transcriptions` (OpenAI, Groq, Azure OpenAI, whisper.cpp's server,
 * speaches, LocalAI; decision 073): multipart with the model, the audio piece, the language hint,
 * `response_format=verbose_json` and segment timestamps. A 429, a 5xx or no answer is an `EngineFailure` to retry
 * (with the engine's `Retry-After`); another answer that is not a 2xx, or a body that is not a transcript, fails for good.
 */
export class OpenAiCompatibleEngine implements TranscriptionEngine {
  private readonly endpoint: string;

  constructor(private readonly settings: EngineSettings) {
    this.endpoint = endpointOf(settings.url);
  }

  async transcribe(piece: AudioPiece, language: string, signal?: AbortSignal): Promise<EngineTranscript> {
    const form = new FormData();
    form.append('model', this.settings.model);
    const extension = piece.contentType.includes('mp4') ? 'm4a' : 'webm';
    form.append('file', new Blob([piece.data], { type: piece.contentType }), `audio.${extension}`);
    // Whisper takes ISO 639-1: the interview's tag's primary language (`fr` of `fr-FR`).
    form.append('language', language.split('-')[0].toLowerCase());
    form.append('response_format', 'verbose_json');
    form.append('timestamp_granularities[]', 'segment');
    // The multipart is encoded to bytes first: Node 24's fetch, aborted while it streams a FormData body, throws
    // "ReadableStream is already closed" outside any promise and ends the process (seen in CI's Node 24 phase).
    const encoded = new Response(form);
    const body = new Uint8Array(await encoded.arrayBuffer());
    const headers: Record<string, string> = { 'content-type': encoded.headers.get('content-type') ?? 'multipart/form-data' };
    if (this.settings.apiKey) headers.authorization = `Bearer ${this.settings.apiKey}`;
    let response: Response;
    try {
      response = await fetch(this.endpoint, {
        method: 'POST',
        body,
        headers,
        signal: signal ? AbortSignal.any([signal, AbortSignal.timeout(this.settings.timeoutMs)]) : AbortSignal.timeout(this.settings.timeoutMs),
      });
    } catch (error) {
      throw new EngineFailure(`engine unreachable: ${error instanceof Error ? error.message : String(error)}`, true);
    }
    const text = await response.text().catch(() => '');
    if (!response.ok) {
      const retryable = response.status === 429 || response.status >= 500;
      const retryAfter = retryAfterOf(response.headers.get('retry-after'), new Date());
      throw new EngineFailure(`engine answered ${response.status}: ${text.slice(0, 1000)}`, retryable, retryAfter);
    }
    return parseVerboseJson(text);
  }
}

/** The parts of a `verbose_json` answer kept: its language, and each segment's start, end (seconds) and text. */
export function parseVerboseJson(text: string): EngineTranscript {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new EngineFailure(`engine answered something that is not JSON: ${text.slice(0, 200)}`, false);
  }
  const answer = body as { language?: unknown; segments?: unknown; text?: unknown; duration?: unknown };
  const segments: EngineSegment[] = Array.isArray(answer.segments)
    ? answer.segments.flatMap((s: { start?: unknown; end?: unknown; text?: unknown }) =>
        typeof s?.start === 'number' && typeof s.text === 'string' ? [{ start: s.start, end: typeof s.end === 'number' ? s.end : s.start, text: s.text }] : [],
      )
    : typeof answer.text === 'string' && answer.text.trim()
      ? // An engine that gave no segments: the whole text as one, over the piece.
        [{ start: 0, end: typeof answer.duration === 'number' ? answer.duration : Number.MAX_SAFE_INTEGER, text: answer.text }]
      : [];
  return { language: typeof answer.language === 'string' ? answer.language : undefined, segments };
}
