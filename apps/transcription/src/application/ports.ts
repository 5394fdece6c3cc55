import type { interviews } from '@vi/contracts';
import type { Caller, Principal, ServicePrincipal } from '@vi/platform-grpc';
import type { EngineSegment } from '../domain/transcript';

/**
 * The transcription service's outbound ports besides its store (decision 033); adapters in `infrastructure/`.
 * Interviews is asked as the caller (visibility is the take's own, decision 042) or, for the media, as this service.
 */

/** Transcription acting on its own behalf: the only principal interviews streams media for transcription to. */
export const TRANSCRIPTION_SERVICE: ServicePrincipal = { kind: 'service', service: 'transcription' };

/** The only principal that may read transcripts by company (GetSharedTranscripts): the sharing service. */
export const SHARING_SERVICE = 'sharing';

/** What transcription needs from interviews: what the caller sees, and a take's or recording's bytes. */
export interface InterviewsDirectory {
  /** The interview as the caller sees it (interviews' own 404 otherwise): its language. */
  interviewLanguage(caller: Caller<Principal>, interviewUuid: string): Promise<string>;
  /** ListTakes of the question, as the caller: interviews' 404 and 403 `api.interview_takes_not_visible` are its own. */
  takes(caller: Caller<Principal>, interviewUuid: string, questionUuid: string): Promise<interviews.Take[]>;
  /** ListRecordings of the interview, as the caller. */
  recordings(caller: Caller<Principal>, interviewUuid: string): Promise<interviews.Recording[]>;
  /** The stored bytes of a take or a recording (StreamMediaForTranscription, as the service `transcription`). */
  media(request: interviews.TranscriptionMediaRequest): AsyncIterable<Uint8Array>;
}

/** One piece of audio as sent to the engine. */
export interface AudioPiece {
  data: Uint8Array;
  /** `audio/webm` or `audio/mp4`. */
  contentType: string;
  /** Where it starts in the whole video. */
  offsetMs: number;
  durationMs: number;
}

/**
 * Takes the audio out of a stored video as it streams from interviews (no re-encode), in pieces of at most
 * `pieceSeconds`, one at a time (a piece is made when the one before has been sent: one in memory at once); throws an
 * `UnreadableMedia` when the container has no audio it can copy.
 */
export interface AudioExtractor {
  pieces(media: AsyncIterable<Uint8Array>, pieceSeconds: number): AsyncIterable<AudioPiece>;
}

/** A stored video whose audio cannot be taken out (no audio track, a container or codec mediabunny cannot copy). */
export class UnreadableMedia extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnreadableMedia';
  }
}

/** What an engine answered for one piece. */
export interface EngineTranscript {
  language?: string;
  segments: EngineSegment[];
}

/** Why a call to the engine failed: `retryable` (429, 5xx, network) with the engine's `Retry-After`, or for good. */
export class EngineFailure extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'EngineFailure';
  }
}

/** An OpenAI-compatible `POST /v1/audio/transcriptions`; rejects with an `EngineFailure`. */
export interface TranscriptionEngine {
  /** `signal`: the worker is stopping (the request is abandoned, the try tried again by another). */
  transcribe(piece: AudioPiece, language: string, signal?: AbortSignal): Promise<EngineTranscript>;
}

/** Wakes the worker after a transcript became pending (it also polls). */
export interface TranscriptionQueue {
  wake(): void;
}
