import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * An OpenAI-compatible transcription engine (decision 073) on 127.0.0.1, for tests: it answers
 * `POST /v1/audio/transcriptions` as OpenAI, speaches or whisper.cpp's server do, and checks each request the way
 * the issue asks — the model, a file with an audio content type and no video track (probed with mediabunny), a
 * language, `response_format=verbose_json` and segment timestamps. A request that fails a check is answered 400 and
 * recorded with its problems. Its answer's segments come from the audio's own duration: one per 5 s, "segment N of
 * <duration>", or the texts a test scripted. It can be told to answer an error a number of times, or always.
 */

export interface EngineRequest {
  path: string;
  headers: IncomingHttpHeaders;
  /** The multipart's text fields (`model`, `language`, `response_format`, `timestamp_granularities[]`: every value). */
  fields: Record<string, string[]>;
  file?: { name: string; contentType: string; bytes: number };
  /** What mediabunny read of the file: its tracks' types and its duration in seconds. */
  tracks: string[];
  durationSeconds: number;
  /** Why the request was refused (400); empty when it passed every check. */
  problems: string[];
  /** The status answered. */
  status: number;
}

export interface EngineAnswerSegment {
  id: number;
  start: number;
  end: number;
  text: string;
}

/** Whisper names languages in its answers (`"english"`): the codes our interviews use, by their names. */
const WHISPER_NAMES: Record<string, string> = { en: 'english', es: 'spanish', fr: 'french', de: 'german', it: 'italian', pt: 'portuguese', nl: 'dutch' };

/** How long each stand-in segment lasts. */
export const STAND_IN_SEGMENT_SECONDS = 5;

export interface TranscriptionEngineStandInOptions {
  /** The model a request must name (default `whisper-1`). */
  model?: string;
  /** When set, the `Authorization: Bearer` a request must carry (401 otherwise). */
  apiKey?: string;
}

export class TranscriptionEngineStandIn {
  readonly requests: EngineRequest[] = [];
  private readonly server: Server;
  private failures: { remaining: number; status: number; retryAfter?: string } = { remaining: 0, status: 500 };
  private scripted: string[][] = [];
  private heard: string | undefined;
  port = 0;

  private constructor(private readonly options: TranscriptionEngineStandInOptions) {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        this.answer(req.url ?? '', req.method ?? '', req.headers, Buffer.concat(chunks)).then(
          ({ status, body, headers }) => res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body)),
          (error: unknown) => res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: String(error) } })),
        );
      });
    });
  }

  static async start(options: TranscriptionEngineStandInOptions = {}): Promise<TranscriptionEngineStandIn> {
    const standIn = new TranscriptionEngineStandIn(options);
    await new Promise<void>((resolve) => standIn.server.listen(0, '127.0.0.1', () => resolve()));
    standIn.port = (standIn.server.address() as AddressInfo).port;
    return standIn;
  }

  /** The base URL, as TRANSCRIPTION_URL is set (the path is added by the service). */
  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** What a test system's services need to use this engine. */
  env(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
    return {
      TRANSCRIPTION_URL: this.url,
      TRANSCRIPTION_RETRY_BASE_MS: '50',
      TRANSCRIPTION_POLL_MS: '100',
      ...(this.options.apiKey ? { TRANSCRIPTION_API_KEY: this.options.apiKey } : {}),
      ...extra,
    };
  }

  /** The next `count` valid requests are answered `status` (a 429 or 5xx), with `Retry-After` when given. */
  failTimes(count: number, status: number, retryAfter?: string): void {
    this.failures = { remaining: count, status, retryAfter };
  }

  /** Every valid request is answered `status` until `recover()`. */
  failAlways(status = 500): void {
    this.failures = { remaining: Number.POSITIVE_INFINITY, status };
  }

  recover(): void {
    this.failures = { remaining: 0, status: 500 };
  }

  /** The next requests' segments have these texts (one list per request, spread evenly over its audio). */
  script(...texts: string[][]): void {
    this.scripted.push(...texts);
  }

  /** The language the answers say was heard (a whisper name such as `"french"`); the request's language otherwise. */
  hears(language: string | undefined): void {
    this.heard = language;
  }

  /** The requests that passed every check and were answered with a transcript. */
  get transcribed(): EngineRequest[] {
    return this.requests.filter((r) => r.status === 200);
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      this.server.closeAllConnections();
      this.server.close(() => resolve());
    });
  }

  private async answer(
    path: string,
    method: string,
    headers: IncomingHttpHeaders,
    body: Buffer,
  ): Promise<{ status: number; body: unknown; headers?: Record<string, string> }> {
    const { fields, file } = parseMultipart(headers['content-type'] ?? '', body);
    const problems: string[] = [];
    if (method !== 'POST' || path !== '/v1/audio/transcriptions') problems.push(`${method} ${path} is not POST /v1/audio/transcriptions`);
    const expectedModel = this.options.model ?? 'whisper-1';
    if (fields.model?.[0] !== expectedModel) problems.push(`model is ${fields.model?.[0]}, not ${expectedModel}`);
    if (!/^[a-z]{2,3}$/.test(fields.language?.[0] ?? '')) problems.push(`language ${fields.language?.[0]} is no ISO 639-1 code`);
    if (fields.response_format?.[0] !== 'verbose_json') problems.push(`response_format is ${fields.response_format?.[0]}, not verbose_json`);
    if (!fields['timestamp_granularities[]']?.includes('segment')) problems.push('timestamp_granularities[] does not ask for segment');
    let tracks: string[] = [];
    let durationSeconds = 0;
    if (!file) problems.push('no file');
    else {
      if (!file.contentType.startsWith('audio/')) problems.push(`the file's content type is ${file.contentType}, not audio/*`);
      ({ tracks, durationSeconds } = await probe(file.data).catch(() => ({ tracks: [] as string[], durationSeconds: 0 })));
      if (tracks.includes('video')) problems.push('the file has a video track');
      if (!tracks.includes('audio')) problems.push('the file has no audio track mediabunny can read');
    }
    const authorized = !this.options.apiKey || headers.authorization === `Bearer ${this.options.apiKey}`;
    const status = !authorized ? 401 : problems.length > 0 ? 400 : this.failures.remaining > 0 ? this.failures.status : 200;
    const failing = status !== 200 && authorized && problems.length === 0;
    if (failing) this.failures.remaining -= 1;
    this.requests.push({
      path,
      headers,
      fields,
      file: file && { name: file.name, contentType: file.contentType, bytes: file.data.length },
      tracks,
      durationSeconds,
      problems,
      status,
    });
    if (status !== 200) {
      const message = !authorized ? 'Incorrect API key provided' : problems.length > 0 ? problems.join('; ') : `stand-in failure ${status}`;
      return {
        status,
        body: { error: { message, type: 'invalid_request_error' } },
        headers: failing && this.failures.retryAfter !== undefined ? { 'retry-after': this.failures.retryAfter } : undefined,
      };
    }
    const segments = this.segmentsFor(durationSeconds);
    const language = fields.language[0];
    return {
      status: 200,
      body: {
        task: 'transcribe',
        language: this.heard ?? WHISPER_NAMES[language] ?? language,
        duration: durationSeconds,
        text: segments.map((s) => s.text.trim()).join(' '),
        segments,
      },
    };
  }

  private segmentsFor(duration: number): EngineAnswerSegment[] {
    const texts = this.scripted.shift();
    if (texts) {
      const each = duration / Math.max(1, texts.length);
      return texts.map((text, i) => ({ id: i, start: round(i * each), end: round((i + 1) * each), text: ` ${text}` }));
    }
    const count = Math.max(1, Math.ceil(duration / STAND_IN_SEGMENT_SECONDS));
    return Array.from({ length: count }, (_, i) => ({
      id: i,
      start: i * STAND_IN_SEGMENT_SECONDS,
      end: round(Math.min(duration, (i + 1) * STAND_IN_SEGMENT_SECONDS)),
      text: ` segment ${i + 1} of ${duration.toFixed(2)}`,
    }));
  }
}

const round = (seconds: number) => Math.round(seconds * 1000) / 1000;

/** The audio's tracks and duration as mediabunny reads them (an ES module; the specs are CommonJS). */
async function probe(data: Buffer): Promise<{ tracks: string[]; durationSeconds: number }> {
  const { ALL_FORMATS, BufferSource, Input } = await import('mediabunny');
  const input = new Input({ source: new BufferSource(data), formats: ALL_FORMATS });
  try {
    const tracks = (await input.getTracks()).map((t) => t.type);
    return { tracks, durationSeconds: await input.computeDuration() };
  } finally {
    input.dispose();
  }
}

/** A small `multipart/form-data` reader: the text fields, and the one file part. */
export function parseMultipart(
  contentType: string,
  body: Buffer,
): { fields: Record<string, string[]>; file?: { name: string; contentType: string; data: Buffer } } {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
  const fields: Record<string, string[]> = {};
  if (!contentType.startsWith('multipart/form-data') || !boundary) return { fields };
  const delimiter = Buffer.from(`--${boundary[1] ?? boundary[2]}`);
  let file: { name: string; contentType: string; data: Buffer } | undefined;
  let at = body.indexOf(delimiter);
  while (at >= 0) {
    const start = at + delimiter.length;
    if (body.subarray(start, start + 2).toString() === '--') break;
    const next = body.indexOf(delimiter, start);
    if (next < 0) break;
    // The part: CRLF, its headers, a blank line, its content, CRLF before the next delimiter.
    const part = body.subarray(start + 2, next - 2);
    const headerEnd = part.indexOf('\r\n\r\n');
    const head = part.subarray(0, headerEnd).toString('utf8');
    const content = part.subarray(headerEnd + 4);
    const name = /name="([^"]*)"/i.exec(head)?.[1] ?? '';
    const filename = /filename="([^"]*)"/i.exec(head)?.[1];
    if (filename !== undefined) {
      file = { name: filename, contentType: /content-type:\s*([^\r\n]+)/i.exec(head)?.[1]?.trim() ?? 'application/octet-stream', data: Buffer.from(content) };
    } else {
      (fields[name] ??= []).push(content.toString('utf8'));
    }
    at = next;
  }
  return { fields, file };
}
