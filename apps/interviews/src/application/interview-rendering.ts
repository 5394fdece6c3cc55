import { interviewJson, type BasicShareLinkWithoutUrl, type identity, type interviews, type InterviewsSubject } from '@vi/contracts';
import type { NewEvent, ReposOf } from '@vi/platform-bus';
import { toRfc3339, toRfc3339OrNull } from '@vi/platform-time';
import { effectiveSeconds, effectiveTakesLimit, type AccommodationRequest, type Accommodations } from '../domain/accommodations';
import { takesRemaining, type Interview, type InterviewQuestion } from '../domain/interview';
import type { CompanyRow, InterviewsStore, JobPostRow, PersonRow } from './store';

/** What rendering an interview reads: the projections of other services' data, its questions and its share link. */
export type RenderingRepoName = 'interviews' | 'projections' | 'questions' | 'shareLinks';
export type RenderingRepos = ReposOf<InterviewsStore, RenderingRepoName>;

/**
 * A question with the limits its interview's accommodations make (issue 42): think time and time limit × the
 * multiplier rounded up (the flag `unlimited_time` instead, which the views render as null), takes with the extra ones.
 */
export function renderQuestion(question: InterviewQuestion, accommodations: Accommodations): interviews.Question {
  return {
    uuid: question.uuid,
    text: question.text,
    completed: question.completed,
    skipped: question.skipped,
    time_limit: effectiveSeconds(question.timeLimit, accommodations) ?? 0,
    think_time: String(effectiveSeconds(Number(question.thinkTime), accommodations) ?? 0),
    unlimited_time: accommodations.unlimitedTime,
    takes: {
      completed: question.takesCompleted,
      remaining: takesRemaining(question, accommodations.extraTakes),
      limit: effectiveTakesLimit(question.takesLimit, accommodations),
    },
    created_at: toRfc3339(question.createdAt),
    updated_at: toRfc3339(question.updatedAt),
    started_at: toRfc3339OrNull(question.startedAt) ?? undefined,
  };
}

/**
 * Interviews as the API shows them, from this service's own projections of
 * jobs, people and companies (no call to another service).
 */
export async function renderInterviews(repos: RenderingRepos, list: Interview[], options: { questions: boolean }): Promise<interviews.Interview[]> {
  if (list.length === 0) return [];
  const [jobs, people, companies, questions, shareLinks, accommodationRequests] = await Promise.all([
    repos.projections.jobs([...new Set(list.map((i) => i.jobUuid))]),
    repos.projections.people([...new Set(list.flatMap((i) => [i.candidateUuid, i.createdBy]))]),
    repos.projections.companies([...new Set(list.map((i) => i.companyUuid))]),
    options.questions ? repos.questions.listFor(list.map((i) => i.uuid)) : Promise.resolve(new Map<string, InterviewQuestion[]>()),
    repos.shareLinks.forInterviews(list.map((i) => i.uuid)),
    options.questions ? repos.interviews.accommodationRequestsOf(list.map((i) => i.uuid)) : Promise.resolve(new Map<string, AccommodationRequest[]>()),
  ]);
  return renderInterviewsFrom(list, { jobs, people, companies, questions, shareLinks, accommodationRequests });
}

/** What rendering interviews looks up, by uuid (interviews' uuid for questions and share links). */
export interface RenderingLookups {
  jobs: Map<string, JobPostRow>;
  people: Map<string, PersonRow>;
  companies: Map<string, CompanyRow>;
  questions: Map<string, InterviewQuestion[]>;
  shareLinks: Map<string, BasicShareLinkWithoutUrl>;
  /** The candidates' requests for an accommodation (single reads; none in a list or a creation). */
  accommodationRequests?: Map<string, AccommodationRequest[]>;
}

/** Interviews as the API shows them, from lookups already in hand (a creation renders what it is writing). */
export function renderInterviewsFrom(
  list: Interview[],
  { jobs, people, companies, questions, shareLinks, accommodationRequests }: RenderingLookups,
): interviews.Interview[] {
  return list.map((interview) => {
    const job = jobs.get(interview.jobUuid);
    return {
      uuid: interview.uuid,
      rating: interview.rating ?? undefined,
      type: interview.type,
      status: interview.status,
      created_at: toRfc3339(interview.createdAt),
      updated_at: toRfc3339(interview.updatedAt),
      scheduled_at: toRfc3339(interview.scheduledAt),
      completed_at: toRfc3339OrNull(interview.completedAt) ?? undefined,
      job_post: job && {
        uuid: job.uuid,
        title: job.title,
        created_at: toRfc3339(job.created_at),
        updated_at: toRfc3339(job.updated_at),
        status_updated_at: toRfc3339(job.status_updated_at),
        status: job.status,
        created_by: job.created_by ?? undefined,
        location: job.location ?? undefined,
        video: job.video ? { ...job.video, captions_url: job.video.captions_url ?? undefined } : undefined,
      },
      assigned_to: assigneeOf(people.get(interview.candidateUuid), interview),
      company: companies.get(interview.companyUuid),
      created_by: people.get(interview.createdBy),
      questions: (questions.get(interview.uuid) ?? []).map((q) => renderQuestion(q, interview.accommodations)),
      timezone: interview.timezone,
      language: interview.language,
      share_link: shareLinkOf(shareLinks.get(interview.uuid)),
      decision: interview.evaluations.decision ?? undefined,
      evaluations_submitted: interview.evaluations.submitted,
      evaluations_started: interview.evaluations.started,
      source: { type: interview.source.type, external_id: interview.source.externalId ?? undefined },
      accommodations: accommodationsMessage(interview.accommodations),
      accommodation_requests: (accommodationRequests?.get(interview.uuid) ?? []).map(renderAccommodationRequest),
    };
  });
}

export function accommodationsMessage(a: Accommodations): interviews.Accommodations {
  return { time_multiplier: a.timeMultiplier, unlimited_time: a.unlimitedTime, extra_takes: a.extraTakes, audio_only: a.audioOnly };
}

export function renderAccommodationRequest(request: AccommodationRequest): interviews.AccommodationRequest {
  return { message: request.message, requested_at: toRfc3339(request.requestedAt) };
}

/**
 * The job seeker as this interview's company knows them: their email and avatar, with the name that company gave
 * (decision 036), never the one another company gave the same person.
 */
function assigneeOf(person: identity.UserSummary | undefined, interview: Interview): identity.UserSummary | undefined {
  return person && { ...person, name: interview.candidateName };
}

/**
 * The projected basic share link as the Interview message carries it: with an empty `url`, since interviews never
 * holds the link's token. The gateway fills it in API responses, notifications in webhooks (decision 018).
 */
function shareLinkOf(link: BasicShareLinkWithoutUrl | undefined): interviews.ShareLink | undefined {
  return link && { ...link, url: '', updated_by: link.updated_by ?? undefined };
}

/**
 * A page of the list: its items travel as the API's JSON, rendered once here (decision 023), with the share links'
 * uuids beside them for the gateway to fill in their URLs (decision 065).
 */
export function renderInterviewPage(list: interviews.Interview[], total: number): interviews.InterviewPage {
  const items = list.map((interview) => interviewJson(interview, { questions: false }));
  return { total, count: items.length, items_json: Buffer.from(JSON.stringify(items)), share_link_uuids: shareLinkUuidsOf(list) };
}

/**
 * One interview (an object) or several (an array), with their questions, as the API's JSON: what the gateway answers
 * once it has filled in the share links' URLs (decision 065).
 */
export function renderInterviewBody(rendered: interviews.Interview | interviews.Interview[]): interviews.InterviewBody {
  const list = Array.isArray(rendered) ? rendered : [rendered];
  const json = Array.isArray(rendered) ? list.map((i) => interviewJson(i, { questions: true })) : interviewJson(rendered, { questions: true });
  return { json: Buffer.from(JSON.stringify(json)), share_link_uuids: shareLinkUuidsOf(list) };
}

function shareLinkUuidsOf(list: interviews.Interview[]): string[] {
  return list.flatMap((interview) => (interview.share_link ? [interview.share_link.uuid] : []));
}

export async function renderInterview(repos: RenderingRepos, interview: Interview): Promise<interviews.Interview> {
  return (await renderInterviews(repos, [interview], { questions: true }))[0];
}

/** An interview event: the payload carries the interview as `GET /interviews/<uuid>` renders it. */
export function interviewEvent(subject: InterviewsSubject, interview: interviews.Interview, extra: Record<string, unknown> = {}): NewEvent {
  return { subject, payload: { interview: interviewJson(interview, { questions: true }), ...extra } };
}
