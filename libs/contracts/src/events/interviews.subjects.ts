/**
 * The subjects of the events published by the interviews service; their payloads are in `interviews.events.ts`, apart
 * so the pages' entry (`@vi/contracts/web`, through the webhook event table) reaches no package.
 */
export const InterviewsSubjects = {
  InterviewCreated: 'interviews.interview.created',
  InterviewAccepted: 'interviews.interview.accepted',
  InterviewCompleted: 'interviews.interview.completed',
  InterviewExpired: 'interviews.interview.expired',
  InterviewRescheduled: 'interviews.interview.rescheduled',
  InterviewCanceled: 'interviews.interview.canceled',
  InterviewDeleted: 'interviews.interview.deleted',
  InterviewRated: 'interviews.interview.rated',
  /** Customer support reset the interview (`npm run admin -- reset-interview`): back to requested, answers cleared. */
  InterviewReset: 'interviews.interview.reset',
  /** An open interview's applicant applied again: the same invitation, by email only (decision 045); no webhook event. */
  InterviewInvitationResent: 'interviews.interview.invitation_resent',
  /** The company changed the interview's accommodations (issue 42): webhook event InterviewAccommodationsChanged. */
  InterviewAccommodationsChanged: 'interviews.interview.accommodations_changed',
  /**
   * Its candidate asked for an accommodation (issue 42): the creator and the company's administrators are emailed, and
   * webhooks receive AccommodationRequested (payload `{interview, message, requested_at}`, the AccommodationRequest view).
   */
  AccommodationRequested: 'interviews.interview.accommodation_requested',
  /** A take was stored (decision 073): transcription learns of it (no webhook event; payload `TakeUploadedPayload`). */
  TakeUploaded: 'interviews.take.uploaded',
  /** A call's recording ended with media kept (decision 073; no webhook event; payload `RecordingEndedPayload`). */
  RecordingEnded: 'interviews.recording.ended',
  /**
   * Superseded takes' videos and rows were purged (SUPERSEDED_TAKE_GRACE, decisions 037 and 073): transcription forgets
   * their transcripts (no webhook event; payload `TakesPurgedPayload`).
   */
  TakesPurged: 'interviews.takes.purged',
} as const;

export type InterviewsSubject = (typeof InterviewsSubjects)[keyof typeof InterviewsSubjects];
