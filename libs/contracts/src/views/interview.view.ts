import { z } from 'zod';
import type { Interview } from '../interviews.contracts';
import { DecisionView, type DecisionJson } from './evaluation.view';
import { effectiveLimitsJson, effectiveTakesView, effectiveThinkTimeView, effectiveTimeLimitView, QuestionView, questionJson } from './question.view';
import { basicShareLinkJson, BasicShareLinkView } from './share-link.view';
import { INTERVIEW_SOURCE_TYPES, type InterviewSourceType } from './assessment.view';
import { TAKE_CONTENT_TYPES } from './take.view';
import { CompanySummaryView, LocationSummaryView, timestampView, UserSummaryView, uuidView } from './view-parts';

export const INTERVIEW_TYPES = ['one_way', 'live'] as const;
export const INTERVIEW_STATUSES = ['accepted', 'requested', 'completed', 'expired', 'canceled'] as const;

/** What an interview changes for its candidate (issue 42, docs/accommodations.md); the defaults when none was set. */
export const AccommodationsView = z
  .object({
    time_multiplier: z.number().min(1).max(10).meta({ description: 'Think time and time limit × this (1 to 10, default 1), rounded up to whole seconds' }),
    unlimited_time: z.boolean().meta({ description: 'No think time and no time limit: the questions render both as null (default false)' }),
    extra_takes: z
      .number()
      .int()
      .min(0)
      .max(10)
      .meta({ description: "Added to each question's takes (0 to 10, default 0); an unlimited question stays unlimited" }),
    audio_only: z.boolean().meta({ description: 'The candidate may answer with the microphone only: audio-only takes are accepted (default false)' }),
  })
  .meta({ id: 'Accommodations' });
export type AccommodationsJson = z.output<typeof AccommodationsView>;
export const NO_ACCOMMODATIONS_JSON: AccommodationsJson = { time_multiplier: 1, unlimited_time: false, extra_takes: 0, audio_only: false };

/** A candidate's request for an accommodation, as the company's view of the interview lists it. */
export const AccommodationRequestJsonView = z.object({ message: z.string(), requested_at: timestampView });

/** The Interview object; list items leave out `questions`. */
export const InterviewView = z
  .object({
    uuid: uuidView,
    rating: z.number().min(0).max(5).nullable(),
    type: z.enum(INTERVIEW_TYPES),
    status: z.enum(INTERVIEW_STATUSES),
    created_at: timestampView,
    updated_at: timestampView,
    scheduled_at: timestampView,
    completed_at: timestampView.nullable(),
    language: z.string().meta({
      description:
        'The language the candidate is written to in: the invitation email and SMS, reminders, a live interview\'s emails and calendar text (an IETF tag, canonical: "en", "es", "fr-FR"; decision 047).',
    }),
    source: z
      .object({
        type: z.enum(INTERVIEW_SOURCE_TYPES),
        external_id: z.string().optional().meta({ description: "The applicant-tracking system's own id of the order (greenhouse, ashby)" }),
      })
      .meta({
        description:
          'Where the interview came from (decision 071): `workspace` (our web app), `api` (an API key), `open_interview` (a candidate applied through an open interview link), `greenhouse` or `ashby` (an applicant-tracking system ordered it)',
      }),
    share_link: BasicShareLinkView.nullable(),
    // The Decision object's fields, inline: the document stays whole whether or not the gateway registers Decision as a component.
    decision: z
      .object(DecisionView.shape)
      .nullable()
      .meta({ description: "The hiring team's decision, as `PUT /interviews/<uuid>/decision` answers it (decision 070); null until one is made" }),
    evaluations_submitted: z.number().int().min(0).meta({ description: 'How many evaluations of the interview are submitted' }),
    accommodations: AccommodationsView,
    accommodation_requests: z.array(AccommodationRequestJsonView).optional().meta({
      description: "The candidate's requests for an accommodation, oldest first (issue 42): on single reads, create and update, omitted in list items",
    }),
    evaluations_started: z
      .number()
      .int()
      .min(0)
      .meta({ description: 'How many evaluators have begun one, drafts and submitted ones (ours: the list\'s "2 of 3 evaluated")' }),
    job_post: z
      .object({
        uuid: uuidView,
        title: z.string(),
        created_at: timestampView,
        updated_at: timestampView,
        status_updated_at: timestampView,
        status: z.enum(['active', 'inactive']),
        created_by: UserSummaryView.nullable(),
        location: LocationSummaryView.nullable(),
      })
      .nullable(),
    assigned_to: UserSummaryView.nullable(),
    company: CompanySummaryView.nullable(),
    created_by: UserSummaryView.nullable(),
    questions: z
      .array(
        z.object({
          uuid: uuidView,
          text: z.string(),
          completed: z.boolean(),
          time_limit: effectiveTimeLimitView,
          think_time: effectiveThinkTimeView,
          takes: z.object({ completed: z.number().int().min(0), remaining: effectiveTakesView }),
        }),
      )
      .optional(),
  })
  .meta({ id: 'Interview' });

/**
 * The API's Interview object: what `GET /interviews/<uuid>` returns and what
 * interview events carry. List items leave out `questions`; inside an
 * interview a question is `{uuid, text, completed, time_limit, takes {completed, remaining}}`, plus our
 * `think_time` (decision 013).
 */
export function interviewJson(interview: Interview, options: { questions: boolean }): InterviewJson {
  return {
    ...interviewStateJson(interview),
    rating: interview.rating ?? null,
    source: sourceJson(interview.source),
    share_link: interview.share_link ? basicShareLinkJson(interview.share_link) : null,
    decision: interview.decision ? decisionJson(interview.decision) : null,
    evaluations_submitted: interview.evaluations_submitted ?? 0,
    evaluations_started: interview.evaluations_started ?? 0,
    accommodations: accommodationsJson(interview.accommodations),
    job_post: interview.job_post
      ? {
          uuid: interview.job_post.uuid,
          title: interview.job_post.title,
          created_at: interview.job_post.created_at,
          updated_at: interview.job_post.updated_at,
          status_updated_at: interview.job_post.status_updated_at,
          status: interview.job_post.status as 'active' | 'inactive',
          created_by: interview.job_post.created_by ?? null,
          location: interview.job_post.location ?? null,
        }
      : null,
    assigned_to: interview.assigned_to ?? null,
    company: interview.company ?? null,
    created_by: interview.created_by ?? null,
    ...(options.questions
      ? {
          questions: interview.questions.map((q) => ({
            uuid: q.uuid,
            text: q.text,
            completed: q.completed,
            ...effectiveLimitsJson(q),
            takes: { completed: q.takes?.completed ?? 0, remaining: q.takes?.remaining ?? -1 },
          })),
          accommodation_requests: (interview.accommodation_requests ?? []).map((r) => ({ message: r.message, requested_at: r.requested_at })),
        }
      : {}),
  };
}

export type InterviewJson = z.output<typeof InterviewView>;

/** A message without accommodations (none set, or a service older than the field) has the defaults. */
export function accommodationsJson(accommodations: Interview['accommodations']): AccommodationsJson {
  if (!accommodations) return { ...NO_ACCOMMODATIONS_JSON };
  return {
    time_multiplier: accommodations.time_multiplier,
    unlimited_time: accommodations.unlimited_time,
    extra_takes: accommodations.extra_takes,
    audio_only: accommodations.audio_only,
  };
}

/** A message without a source (a service older than the field) came from the API, as every interview before it did. */
function sourceJson(source: Interview['source']): InterviewJson['source'] {
  if (!source) return { type: 'api' };
  const type = (INTERVIEW_SOURCE_TYPES as readonly string[]).includes(source.type) ? (source.type as InterviewSourceType) : 'api';
  return source.external_id === undefined ? { type } : { type, external_id: source.external_id };
}

function decisionJson(decision: NonNullable<Interview['decision']>): DecisionJson {
  return {
    decision: decision.decision as DecisionJson['decision'],
    decided_by: { uuid: decision.decided_by?.uuid ?? '', name: decision.decided_by?.name ?? '' },
    decided_at: decision.decided_at,
  };
}

/** What the company's and the candidate's views both show of an interview: which one, its kind, status and times. */
function interviewStateJson(interview: Interview) {
  return {
    uuid: interview.uuid,
    type: interview.type as InterviewJson['type'],
    status: interview.status as InterviewJson['status'],
    created_at: interview.created_at,
    updated_at: interview.updated_at,
    scheduled_at: interview.scheduled_at,
    completed_at: interview.completed_at ?? null,
    // Interviews rendered before the field existed (an older service's message) were English.
    language: interview.language || 'en',
  };
}

/** The AccommodationRequested webhook payload (issue 42): the interview as the company sees it, the request's message and time. */
export const AccommodationRequestView = z
  .object({ interview: InterviewView, message: z.string(), requested_at: timestampView })
  .meta({ id: 'AccommodationRequest' });

/** The InterviewRated webhook payload (the reference shows the event, not its fields). */
export const RatingView = z
  .object({ interview_uuid: uuidView, rating: z.number().min(0).max(5), rated_by: UserSummaryView.nullable(), rated_at: timestampView })
  .meta({ id: 'Rating' });

/**
 * What the job seeker sees, built from an allow-list of what the candidate pages need (decision 036): the interview's
 * status and due time in the interview's `timezone` (the page names it beside the due time in the candidate's own
 * zone), the job's title, status and video, the company's name and logo, and every question in full (takes left, skipped).
 * Never what the company keeps for itself: its rating, its team's decision and evaluations (decision 070), its users
 * (`created_by`, the job's `created_by`, emails), the share link, nor the name and phone the company wrote for the candidate.
 */
export const CandidateInterviewView = InterviewView.pick({
  uuid: true,
  type: true,
  status: true,
  created_at: true,
  updated_at: true,
  scheduled_at: true,
  completed_at: true,
  language: true,
})
  .extend({
    timezone: z.string(),
    job_post: z
      .object({
        uuid: uuidView,
        title: z.string(),
        status: z.enum(['active', 'inactive']),
        location: LocationSummaryView.nullable(),
        video: z
          .object({
            url: z.string(),
            duration_seconds: z.number(),
            content_type: z.enum(TAKE_CONTENT_TYPES),
            captions_url: z.string().nullable().meta({ description: 'Its WebVTT captions, shown by default on the candidate page (issue 42); null without' }),
          })
          .strict()
          .nullable()
          .meta({
            description: "The job's video (decision 046), which the candidate page plays before the questions: its `url` needs no key. Null without one",
          }),
      })
      .strict()
      .nullable(),
    company: CompanySummaryView.nullable(),
    accommodations: AccommodationsView,
    questions: z.array(QuestionView),
    transcribed: z.boolean().meta({
      description: "Whether the company's answers are transcribed to text now (decision 073): the candidate page says so in the candidate's language",
    }),
  })
  .strict()
  .meta({ id: 'CandidateInterview' });

/** The interview as `GET /candidate/interviews/<uuid>` shows it to its job seeker: each field named, none spread. */
export function candidateInterviewJson(interview: Interview): z.output<typeof CandidateInterviewView> {
  const job = interview.job_post;
  const company = interview.company;
  return {
    ...interviewStateJson(interview),
    timezone: interview.timezone,
    job_post: job
      ? {
          uuid: job.uuid,
          title: job.title,
          status: job.status as 'active' | 'inactive',
          location: job.location ? { uuid: job.location.uuid, formatted_address: job.location.formatted_address } : null,
          video: job.video
            ? {
                url: job.video.url,
                duration_seconds: job.video.duration_seconds,
                content_type: job.video.content_type as (typeof TAKE_CONTENT_TYPES)[number],
                captions_url: job.video.captions_url ?? null,
              }
            : null,
        }
      : null,
    company: company ? { uuid: company.uuid, name: company.name, avatar: company.avatar } : null,
    // Its own accommodations, so the page knows why the limits are what they are (never the requests: the company's).
    accommodations: accommodationsJson(interview.accommodations),
    questions: interview.questions.map(questionJson),
    // Set by the candidate side's answers only; absent (a service older than the field): not transcribed.
    transcribed: interview.transcribed ?? false,
  };
}
