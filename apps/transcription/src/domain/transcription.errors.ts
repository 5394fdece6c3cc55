import { AppError, ErrorKind, assertNever } from '@vi/platform-errors';

/**
 * The codes the transcription service raises; the caller kinds are `SharedErrorCode`s. A take or recording the caller
 * cannot find answers interviews' own 404 (the same code and reason), whatever service is asked.
 */
export enum TranscriptionErrorCode {
  TranscriptionOff = 'api.transcription_off',
  TranscriptNotReady = 'api.transcript_not_ready',
  TakeNotFound = 'api.take_not_found',
  RecordingNotFound = 'api.recording_not_found',
}

const REASONS: Record<TranscriptionErrorCode, string> = {
  [TranscriptionErrorCode.TranscriptionOff]: 'Transcription is off for this company, or no transcription engine is configured',
  [TranscriptionErrorCode.TranscriptNotReady]: 'The transcript is not done yet',
  [TranscriptionErrorCode.TakeNotFound]: 'Take not found',
  [TranscriptionErrorCode.RecordingNotFound]: 'Recording not found',
};

function kindOf(code: TranscriptionErrorCode): ErrorKind {
  switch (code) {
    case TranscriptionErrorCode.TranscriptionOff:
      return ErrorKind.Conflict;
    case TranscriptionErrorCode.TranscriptNotReady:
    case TranscriptionErrorCode.TakeNotFound:
    case TranscriptionErrorCode.RecordingNotFound:
      return ErrorKind.NotFound;
    default:
      return assertNever(code);
  }
}

export class TranscriptionError extends AppError {
  constructor(code: TranscriptionErrorCode, reason: string = REASONS[code]) {
    super(kindOf(code), code, reason);
    this.name = 'TranscriptionError';
  }
}
