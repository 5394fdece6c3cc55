import { z } from 'zod';
import type { Interview, Question } from '../generated/interviews';
import { basicShareLinkJson, BasicShareLinkView } from './share-link.view';
import { CompanySummaryView, LocationSummaryView, timestampView, UserSummaryView, uuidView } from './view-parts';

const THINK_TIMES = ['0', '15', '30', '45', '60', '90', '120', '180'] as const;
const thinkTimeView = z.enum(THINK_TIMES).meta({ description: 'Seconds to read the question before recording starts (ours, decision 013)' });
const takesLimitView = z.number().int().min(-1).max(5).meta({ description: '-1: unlimited' });

/** A question as `GET /interviews/<uuid>/questions/<uuid>` shows it. */
export const QuestionView = z
  .object({
    uuid: uuidView,
    text: z.string(),
    completed: z.boolean(),
    skipped: z.boolean(),
    time_limit: z.number().int(),
    think_time: thinkTimeView,
    takes: z.object({ completed: z.number().int().min(0), remaining: takesLimitView, limit: takesLimitView }),
    created_at: timestampView,
    updated_at: timestampView,
    started_at: timestampView.nullable(),
  })
  .meta({ id: 'Question' });

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
    share_link: BasicShareLinkView.nullable(),
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

/** An interview question as `GET /interviews/<uuid>/questions/<uuid>` shows it. */
export function questionJson(question: Question): z.output<typeof QuestionView> {
  return {
    uuid: question.uuid,
    text: question.text,
    completed: question.completed,
    skipped: question.skipped,
    time_limit: question.time_limit,
    // Not in the reference's question object: ours (decision 013), so a recorder knows how long to show the question first.
    think_time: question.think_time as z.output<typeof QuestionView>['think_time'],
    takes: { completed: question.takes?.completed ?? 0, remaining: question.takes?.remaining ?? -1, limit: question.takes?.limit ?? -1 },
    created_at: question.created_at,
    updated_at: question.updated_at,
    started_at: question.started_at ?? null,
  };
}

/**
 * The API's Interview object: what `GET /interviews/<uuid>` returns and what
 * interview events carry. List items leave out `questions`; inside an
 * interview a question is `{uuid, text, completed, time_limit, takes {completed, remaining}}`, plus our
 * `think_time` (decision 013).
 */
export function interviewJson(interview: Interview, options: { questions: boolean }): InterviewJson {
  return {
    uuid: interview.uuid,
    rating: interview.rating ?? null,
    type: interview.type as InterviewJson['type'],
    status: interview.status as InterviewJson['status'],
    created_at: interview.created_at,
    updated_at: interview.updated_at,
    scheduled_at: interview.scheduled_at,
    completed_at: interview.completed_at ?? null,
    share_link: interview.share_link ? basicShareLinkJson(interview.share_link) : null,
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
            think_time: q.think_time as z.output<typeof QuestionView>['think_time'],
            takes: { completed: q.takes?.completed ?? 0, remaining: q.takes?.remaining ?? -1 },
          })),
        }
      : {}),
  };
}

export type InterviewJson = z.output<typeof InterviewView>;

/** The InterviewRated webhook payload (the reference shows the event, not its fields). */
export const RatingView = z
  .object({ interview_uuid: uuidView, rating: z.number().min(0).max(5), rated_by: UserSummaryView.nullable(), rated_at: timestampView })
  .meta({ id: 'Rating' });
