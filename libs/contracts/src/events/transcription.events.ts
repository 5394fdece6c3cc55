export { TranscriptionSubjects, type TranscriptionSubject } from './transcription.subjects';

/** The webhook event TranscriptReady's body: never the text (webhooks read it with GET …/transcript). */
export interface TranscriptReadyWebhook {
  interview_uuid: string;
  take_uuid: string | null;
  recording_uuid: string | null;
  language: string;
  status: 'done' | 'failed';
}

/** transcription.transcript.ready: the webhook's fields, and what interviews indexes for the interviews list's `q`. */
export interface TranscriptReadyPayload extends TranscriptReadyWebhook {
  company_uuid: string;
  /** The whole text when done (empty when failed): never in the webhook body. */
  text: string;
  occurred_at: string;
}

/** transcription.settings.changed: whether the company's answers are transcribed now (its setting, and an engine). */
export interface TranscriptionSettingsChangedPayload {
  company_uuid: string;
  transcription: boolean;
  occurred_at: string;
}
