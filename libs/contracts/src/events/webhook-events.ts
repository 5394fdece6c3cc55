import { EvaluationsSubjects } from './evaluations.subjects';
import { InterviewsSubjects } from './interviews.subjects';
import { JobsSubjects } from './jobs.subjects';
import { TranscriptionSubjects } from './transcription.subjects';

/**
 * The webhook event table of the API reference: which bus subject a webhook
 * receives under which event type, and the type of its payload
 * (`X-Service-Event`, `X-Service-Payload`). `interviews.interview.canceled` has
 * no webhook event. The two evaluations events are ours (decision 070): a team
 * member's submitted evaluation and the interview's decision. The two accommodation events are ours too (issue 42,
 * docs/accommodations.md): the company changed an interview's accommodations, its candidate asked for one. So is
 * TranscriptReady (decision 073): a take's or call recording's transcript is done or failed (its body never the text).
 */
export const WebhookEvents = {
  InterviewCreated: { subject: InterviewsSubjects.InterviewCreated, payload: 'Interview' },
  InterviewAccepted: { subject: InterviewsSubjects.InterviewAccepted, payload: 'Interview' },
  InterviewDeleted: { subject: InterviewsSubjects.InterviewDeleted, payload: 'Interview' },
  InterviewCompleted: { subject: InterviewsSubjects.InterviewCompleted, payload: 'Interview' },
  InterviewExpired: { subject: InterviewsSubjects.InterviewExpired, payload: 'Interview' },
  InterviewRescheduled: { subject: InterviewsSubjects.InterviewRescheduled, payload: 'Interview' },
  InterviewReset: { subject: InterviewsSubjects.InterviewReset, payload: 'Interview' },
  JobCreated: { subject: JobsSubjects.JobCreated, payload: 'Job' },
  JobDeleted: { subject: JobsSubjects.JobDeleted, payload: 'Job' },
  JobUpdated: { subject: JobsSubjects.JobUpdated, payload: 'Job' },
  InterviewRated: { subject: InterviewsSubjects.InterviewRated, payload: 'Rating' },
  EvaluationSubmitted: { subject: EvaluationsSubjects.EvaluationSubmitted, payload: 'SubmittedEvaluation' },
  InterviewDecided: { subject: EvaluationsSubjects.DecisionMade, payload: 'InterviewDecision' },
  InterviewAccommodationsChanged: { subject: InterviewsSubjects.InterviewAccommodationsChanged, payload: 'Interview' },
  AccommodationRequested: { subject: InterviewsSubjects.AccommodationRequested, payload: 'AccommodationRequest' },
  TranscriptReady: { subject: TranscriptionSubjects.TranscriptReady, payload: 'TranscriptReady' },
} as const;

export type WebhookEventType = keyof typeof WebhookEvents;
export type WebhookPayloadType = (typeof WebhookEvents)[WebhookEventType]['payload'];

export function isWebhookEventType(value: string): value is WebhookEventType {
  return Object.prototype.hasOwnProperty.call(WebhookEvents, value);
}

/** The webhook event type of a bus subject, or undefined when webhooks do not receive it. */
export function webhookEventTypeOf(subject: string): WebhookEventType | undefined {
  return (Object.keys(WebhookEvents) as WebhookEventType[]).find((type) => WebhookEvents[type].subject === subject);
}
