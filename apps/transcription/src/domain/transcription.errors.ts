import { AppError, ErrorKind, assertNever } from '@vi/platform-errors';

/**
 * The codes only the transcription service raises. The caller kinds, a take or recording the caller cannot find (the
 * same 404 as interviews') and a transcript not done (the same as sharing's) are `SharedErrorCode`s.
 */
export enum TranscriptionErrorCode {
  TranscriptionOff = 'api.transcription_off',
}

const REASONS: Record<TranscriptionErrorCode, string> = {
  [TranscriptionErrorCode.TranscriptionOff]: 'Transcription is off for this company, or no transcription engine is configured',
};

function kindOf(code: TranscriptionErrorCode): ErrorKind {
  switch (code) {
    case TranscriptionErrorCode.TranscriptionOff:
      return ErrorKind.Conflict;
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
