/**
 * The subjects of the events published by the transcription service (decision 073); their payloads are in
 * `transcription.events.ts`, apart so the pages' entry (`@vi/contracts/web`, through the webhook event table) reaches
 * no package.
 */
export const TranscriptionSubjects = {
  /** A transcript is done or failed: webhook event TranscriptReady; interviews indexes its text for `?q=`. */
  TranscriptReady: 'transcription.transcript.ready',
  /** A company's transcription turned on or off (no webhook event): interviews says so on candidate pages and invitations. */
  SettingsChanged: 'transcription.settings.changed',
} as const;

export type TranscriptionSubject = (typeof TranscriptionSubjects)[keyof typeof TranscriptionSubjects];
