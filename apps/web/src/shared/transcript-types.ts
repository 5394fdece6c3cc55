/**
 * The transcript and settings bodies of decision 073, typed by hand until the gateway's routes are on main and
 * `npm run client` generates them: then each becomes `components['schemas']['Transcript']` (and
 * `TranscriptSegment`, `TranscriptionSettings`) of `@vi/api-client`, the names the transcription service gives them
 * (`libs/contracts/src/views/transcript.view.ts`), and this file goes.
 */
export interface TranscriptSegment {
  start_ms: number;
  end_ms: number;
  text: string;
}

export interface Transcript {
  status: 'off' | 'pending' | 'done' | 'failed';
  language: string;
  text: string;
  segments: TranscriptSegment[];
  updated_at: string | null;
}

export interface TranscriptionSettings {
  transcription: boolean;
  transcription_available: boolean;
  updated_at: string | null;
}
