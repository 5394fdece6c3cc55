import type { Interview, Question } from '../generated/interviews';
import { basicShareLinkJson } from './share-link.view';

/** An interview question as `GET /interviews/<uuid>/questions/<uuid>` shows it. */
export function questionJson(question: Question) {
  return {
    uuid: question.uuid,
    text: question.text,
    completed: question.completed,
    skipped: question.skipped,
    time_limit: question.time_limit,
    // Not in the reference's question object: ours (decision 013), so a recorder knows how long to show the question first.
    think_time: question.think_time,
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
export function interviewJson(interview: Interview, options: { questions: boolean }) {
  return {
    uuid: interview.uuid,
    rating: interview.rating ?? null,
    type: interview.type,
    status: interview.status,
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
          status: interview.job_post.status,
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
            think_time: q.think_time,
            takes: { completed: q.takes?.completed ?? 0, remaining: q.takes?.remaining ?? -1 },
          })),
        }
      : {}),
  };
}

export type InterviewJson = ReturnType<typeof interviewJson>;
