import { z } from 'zod';
import type { Interview } from '../interviews.contracts';
import { DecisionView, type DecisionJson } from './evaluation.view';
import { QuestionView, questionJson, takesLimitView, thinkTimeView, type ThinkTime } from './question.view';
import { basicShareLinkJson, BasicShareLinkView } from './share-link.view';
import { INTERVIEW_SOURCE_TYPES, type InterviewSourceType } from './assessment.view';
import { TAKE_CONTENT_TYPES } from './take.view';
import { CompanySummaryView, LocationSummaryView, timestampView, UserSummaryView, uuidView } from './view-parts';

export const INTERVIEW_TYPES = ['one_way', 'live'] as const;
export const INTERVIEW_STATUSES = ['accepted', 'requested', 'completed', 'expired', 'canceled'] as const;

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
          time_limit: z.number().int(),
          think_time: thinkTimeView,
          takes: z.object({ completed: z.number().int().min(0), remaining: takesLimitView }),
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
            time_limit: q.time_limit,
            think_time: q.think_time as ThinkTime,
            takes: { completed: q.takes?.completed ?? 0, remaining: q.takes?.remaining ?? -1 },
          })),
        }
      : {}),
  };
}

export type InterviewJson = z.output<typeof InterviewView>;

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
    questions: z.array(QuestionView),
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
    questions: interview.questions.map(questionJson),
  };
}
