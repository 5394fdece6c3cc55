import type { z } from 'zod';
import type { InterviewJson, RatingView } from '../views/interview.view';

export { InterviewsSubjects, type InterviewsSubject } from './interviews.subjects';

/**
 * What the notifications service needs to invite the job seeker (created, rescheduled and reset events) or tell them
 * of a cancellation (canceled: a live interview's calendar cancellation names when it was). No
 * candidate link: notifications asks interviews for a fresh one (`IssueCandidateLink`) when it sends (decision 018).
 */
export interface InvitationDetails {
  email_message: string;
  timezone: string;
  /** The due time written out in the interview's timezone, for emails and SMS. */
  scheduled_at_local: string;
  phone: string | null;
  phone_parsed: string | null;
  has_sms_consent: boolean;
  /**
   * Whether the company's answers are transcribed now (decision 073): the invitation says so in the candidate's
   * language. Absent on an event of a service older than the field: not said.
   */
  answers_transcribed?: boolean;
}

/** Every interview event carries the interview as the API renders it (with questions). */
export interface InterviewEventPayload {
  interview: InterviewJson;
  invitation?: InvitationDetails;
  /** InterviewRated only: what webhooks deliver as the Rating payload. */
  rating?: RatingPayload;
  /** AccommodationRequested only: the candidate's request (the webhook's AccommodationRequest is `{interview, ...request}`). */
  accommodation_request?: { message: string; requested_at: string };
}

/** The InterviewRated payload (the reference shows the event, not its fields). */
export type RatingPayload = z.output<typeof RatingView>;

/** interviews.take.uploaded (decision 073): what transcription needs to fetch and transcribe a take. */
export interface TakeUploadedPayload {
  company_uuid: string;
  interview_uuid: string;
  question_uuid: string;
  take_uuid: string;
  /** The interview's language (decision 047): the engine's hint. */
  language: string;
  content_type: string;
  /** Measured length in seconds. */
  duration_seconds: number | null;
  occurred_at: string;
}

/** interviews.recording.ended (decision 073): a call recording ended with at least one part kept. */
export interface RecordingEndedPayload {
  company_uuid: string;
  interview_uuid: string;
  recording_uuid: string;
  language: string;
  content_type: string;
  duration_seconds: number | null;
  occurred_at: string;
}

/** interviews.takes.purged (decisions 037 and 073): one batch of superseded takes removed by the retention sweep. */
export interface TakesPurgedPayload {
  takes: { interview_uuid: string; take_uuid: string }[];
  occurred_at: string;
}
