import type { TranscriptSegmentJson } from '@vi/contracts';

/** What a transcript is of: a take (of a question) or a call recording. */
export type TranscriptSource = { kind: 'take'; uuid: string; questionUuid: string } | { kind: 'recording'; uuid: string };

export type TranscriptState = 'pending' | 'done' | 'failed';

/** A timed piece of text, in milliseconds from the start of the video. */
export interface Segment {
  startMs: number;
  endMs: number;
  text: string;
}

/**
 * One take's or recording's transcript, and its place in the work queue (decision 073): pending ones are claimed by
 * a worker with a lease when `nextAttemptAt` is due; `attempts` counts the tries of the current request.
 */
export interface Transcript {
  uuid: string;
  companyUuid: string;
  interviewUuid: string;
  source: TranscriptSource;
  language: string;
  contentType: string;
  status: TranscriptState;
  /** The last text done (asked again, it stays until the new one is done). */
  text: string;
  segments: Segment[];
  attempts: number;
  nextAttemptAt: Date | null;
  leaseUntil: Date | null;
  /** The engine's last answer of a failed try (never shown to candidates). */
  failure: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** A transcript to do, due at `now`: what a new take or recording makes, and what asking again writes. */
export function pendingTranscript(
  of: { uuid: string; companyUuid: string; interviewUuid: string; source: TranscriptSource; language: string; contentType: string },
  now: Date,
): Transcript {
  return {
    ...of,
    status: 'pending',
    text: '',
    segments: [],
    attempts: 0,
    nextAttemptAt: now,
    leaseUntil: null,
    failure: null,
    createdAt: now,
    updatedAt: now,
  };
}

/** What a try ends with: the text, a failure for good, or another try later. */
export type TranscriptOutcome =
  | { status: 'done'; language: string; text: string; segments: Segment[] }
  | { status: 'failed'; failure: string }
  | { status: 'pending'; failure: string; nextAttemptAt: Date; /** Set when the try does not count (its worker stopped). */ attempts?: number };

/** How long a claimed transcript is the worker's: a crashed worker's row is claimed again after it. */
export const LEASE_MS = 30 * 60 * 1000;

/** Engine tries per request: the first and five retries (decision 073). */
export const MAX_ATTEMPTS = 6;

/** The segments an engine answered for one piece, in seconds from the piece's start. */
export interface EngineSegment {
  start: number;
  end: number;
  text: string;
}

/** One piece's answer and where the piece lies in the whole video. */
export interface PieceTranscript {
  offsetMs: number;
  durationMs: number;
  segments: EngineSegment[];
}

/**
 * The pieces' segments as one list (decision 073): each segment's times in integer milliseconds, clamped to its
 * piece and moved by the piece's start; empty segments dropped; in order of time.
 */
export function joinPieces(pieces: PieceTranscript[]): Segment[] {
  const joined: Segment[] = [];
  for (const piece of [...pieces].sort((a, b) => a.offsetMs - b.offsetMs)) {
    const clamp = (seconds: number) => Math.min(Math.max(0, Math.round(seconds * 1000)), Math.max(0, Math.round(piece.durationMs)));
    for (const segment of piece.segments) {
      const text = segment.text.trim();
      if (!text || !Number.isFinite(segment.start)) continue;
      const start = clamp(segment.start);
      const end = Math.max(start, clamp(Number.isFinite(segment.end) ? segment.end : segment.start));
      joined.push({ startMs: piece.offsetMs + start, endMs: piece.offsetMs + end, text });
    }
  }
  return joined.sort((a, b) => a.startMs - b.startMs || a.endMs - b.endMs);
}

/** The whole text: the segments' texts joined by spaces. */
export const textOf = (segments: Segment[]): string => segments.map((s) => s.text).join(' ');

/** The languages we speak (the pages' four), by the names and codes engines give them (whisper says `"english"`). */
const OUR_LANGUAGES: Record<string, string> = {
  english: 'en',
  en: 'en',
  spanish: 'es',
  es: 'es',
  french: 'fr',
  fr: 'fr',
  german: 'de',
  de: 'de',
};

/**
 * The transcript's language: the one the engine heard when it is one of ours (kept as the interview's tag when that
 * is the same language, `fr-FR` for `french`), else the interview's (the hint).
 */
export function normaliseLanguage(heard: string | undefined | null, hint: string): string {
  const code = heard ? OUR_LANGUAGES[heard.trim().toLowerCase()] : undefined;
  if (!code) return hint;
  return hint.toLowerCase().split('-')[0] === code ? hint : code;
}

/** The retry schedule (decision 073): `Retry-After` when given, else base·2^(n-1) (2, 4, 8 … s), never above 30·base (60 s). */
export function backoffMs(failedAttempts: number, retryAfterMs: number | undefined, baseMs: number): number {
  const cap = 30 * baseMs;
  if (retryAfterMs !== undefined && Number.isFinite(retryAfterMs) && retryAfterMs >= 0) return Math.min(retryAfterMs, cap);
  return Math.min(baseMs * 2 ** Math.max(0, failedAttempts - 1), cap);
}

/** A `Retry-After` header (seconds, or an HTTP date) in milliseconds from `now`; undefined when absent or unreadable. */
export function retryAfterOf(header: string | null | undefined, now: Date): number | undefined {
  if (!header) return undefined;
  const trimmed = header.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now.getTime());
}

export const segmentJson = (s: Segment): TranscriptSegmentJson => ({ start_ms: s.startMs, end_ms: s.endMs, text: s.text });
