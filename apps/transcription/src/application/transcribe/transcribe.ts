import { AppError, ErrorKind } from '@vi/platform-errors';
import type { StoreOf } from '@vi/platform-bus';
import type { Clock } from '@vi/platform-time';
import {
  backoffMs,
  joinPieces,
  MAX_ATTEMPTS,
  normaliseLanguage,
  textOf,
  type PieceTranscript,
  type Transcript,
  type TranscriptOutcome,
} from '../../domain/transcript';
import { readyEvent } from '../transcript-rendering';
import { EngineFailure, type AudioExtractor, type InterviewsDirectory, type TranscriptionEngine } from '../ports';
import type { TranscriptionStore } from '../store';

export interface TranscribeDeps {
  store: StoreOf<TranscriptionStore, 'transcripts'>;
  interviews: InterviewsDirectory;
  extractor: AudioExtractor;
  engine: TranscriptionEngine;
  clock: Clock;
  /** TRANSCRIPTION_PIECE_SECONDS: the longest piece sent at once. */
  pieceSeconds: number;
  /** TRANSCRIPTION_RETRY_BASE_MS: the first retry's delay when the engine gives no Retry-After. */
  retryBaseMs: number;
  /** Aborted when the worker stops: the try ends pending and due at once, for another process to claim. */
  signal?: AbortSignal;
}

/**
 * One try of a claimed transcript (decision 073): its media read from interviews, the audio taken out in pieces,
 * each piece sent to the engine, the segments joined at their offsets. It ends done, failed (another 4xx, a
 * media that has no audio, the sixth try), or pending again after the backoff (429, 5xx, the engine or interviews
 * unreachable); done and failed publish TranscriptReady in the transaction of the row's change. A try whose lease
 * was lost (asked again, the interview deleted meanwhile) changes nothing.
 */
export async function transcribe(deps: TranscribeDeps, claimed: Transcript): Promise<Transcript | undefined> {
  const outcome = await attempt(deps, claimed);
  const now = deps.clock.now();
  return deps.store.transaction(async (tx) => {
    const ended = await tx.transcripts.complete(claimed.uuid, claimed.leaseUntil!, outcome, now);
    if (ended && ended.status !== 'pending') await tx.publish([readyEvent({ ...ended, status: ended.status }, now)]);
    return ended;
  });
}

async function attempt(deps: TranscribeDeps, t: Transcript): Promise<TranscriptOutcome> {
  try {
    const media = deps.interviews.media({
      company_uuid: t.companyUuid,
      interview_uuid: t.interviewUuid,
      ...(t.source.kind === 'take' ? { take_uuid: t.source.uuid } : { recording_uuid: t.source.uuid }),
    });
    const answers: PieceTranscript[] = [];
    let heard: string | undefined;
    for await (const piece of deps.extractor.pieces(media, deps.pieceSeconds)) {
      const answer = await deps.engine.transcribe(piece, t.language, deps.signal);
      heard ??= answer.language;
      answers.push({ offsetMs: piece.offsetMs, durationMs: piece.durationMs, segments: answer.segments });
    }
    const segments = joinPieces(answers);
    return { status: 'done', language: normaliseLanguage(heard, t.language), text: textOf(segments), segments };
  } catch (error) {
    return failureOutcome(deps, t, error);
  }
}

function failureOutcome(deps: TranscribeDeps, t: Transcript, error: unknown): TranscriptOutcome {
  const failure = describe(error);
  // Stopped, not failed: the attempt is not counted, and the row is due now for another process.
  if (deps.signal?.aborted) return { status: 'pending', failure: `the worker stopped: ${failure}`, nextAttemptAt: deps.clock.now(), attempts: t.attempts - 1 };
  const retryable = error instanceof EngineFailure ? error.retryable : error instanceof AppError ? error.kind === ErrorKind.Unavailable : false;
  if (!retryable || t.attempts >= MAX_ATTEMPTS) return { status: 'failed', failure };
  const retryAfterMs = error instanceof EngineFailure ? error.retryAfterMs : undefined;
  return { status: 'pending', failure, nextAttemptAt: new Date(deps.clock.now().getTime() + backoffMs(t.attempts, retryAfterMs, deps.retryBaseMs)) };
}

/** What is recorded of a failure (never shown to candidates): the engine's answer, interviews' code, or the error. */
function describe(error: unknown): string {
  if (error instanceof AppError) return `interviews: ${error.code}: ${error.reason}`.slice(0, 2000);
  return (error instanceof Error ? error.message : String(error)).slice(0, 2000);
}
