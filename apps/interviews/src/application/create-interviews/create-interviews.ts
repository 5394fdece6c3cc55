import { randomUUID } from 'node:crypto';
import { InterviewsSubjects, PlanFeature, SharedErrorCode, type interviews } from '@vi/contracts';
import type { StoreOf } from '@vi/platform-bus';
import { companyUserOf, sharedError, type Caller } from '@vi/platform-grpc';
import { validationFailed } from '@vi/platform-errors';
import { isUniqueViolation } from '@vi/platform-postgres';
import type { Clock } from '@vi/platform-time';
import { accommodationsOf, type AccommodationsInput } from '../../domain/accommodations';
import { newQuestion, NO_EVALUATIONS, thinkTimeOf, type Interview, type InterviewSource, type ThinkTime } from '../../domain/interview';
import { scheduleProblem, type InterviewType } from '../../domain/interview-status';
import { InterviewsError, InterviewsErrorCode } from '../../domain/interviews.errors';
import type { InterviewsStore, NewInterviewRow } from '../store';
import type { IdentityDirectory, JobsDirectory } from '../ports';
import { interviewEvent, renderInterview, renderInterviewsFrom, type RenderingRepoName } from '../interview-rendering';
import { invitationOf } from '../shared/invitation';
import { jobPostRow } from '../shared/job-post-row';

export interface AssigneeInput {
  name: string;
  email: string;
  phone?: string;
  phoneParsed?: string;
}

export interface QuestionInput {
  text: string;
  timeLimit: number;
  takes: number;
  /** One of THINK_TIMES; absent: the default. */
  thinkTime?: string;
}

export interface CreateInterviewsInput {
  type: InterviewType;
  scheduledAt: Date;
  assignees: AssigneeInput[];
  emailMessage: string;
  jobUuid: string;
  questions: QuestionInput[];
  questionSetUuid?: string;
  timezone: string;
  /** An IETF tag, canonical (the gateway validated it); empty: English. */
  language: string;
  hasSmsConsent: boolean;
  /**
   * For one assignee: the uuid to create the interview under, chosen by a service that may ask again (decision 063).
   * Asked again, the creation answers the interview it made and writes and sends nothing.
   */
  interviewUuid?: string;
  /** Where the interviews come from (decision 071); absent: the API. */
  source?: InterviewSource;
  /** For every assignee (issue 42); absent: none. */
  accommodations?: AccommodationsInput;
}

const FROM_THE_API: InterviewSource = { type: 'api', externalId: null };

export interface CreateInterviewsDeps {
  store: StoreOf<InterviewsStore, 'questionSets' | 'creations' | 'interviews' | 'transcriptionSettings' | RenderingRepoName>;
  clock: Clock;
  identity: IdentityDirectory;
  jobs: JobsDirectory;
}

/**
 * Creates one interview per assignee, each for a job seeker user of identity
 * (found by email or created), with its own copy of the questions (a question
 * set's questions are copied, so later edits of the set change nothing here).
 */
export async function createInterviews(deps: CreateInterviewsDeps, caller: Caller, input: CreateInterviewsInput): Promise<interviews.InterviewList> {
  const { companyUuid } = companyUserOf(caller.principal);
  const { interviewUuid } = input;
  if (interviewUuid !== undefined) {
    if (input.assignees.length !== 1) {
      throw validationFailed([{ field: 'interview_uuid', reason: 'is for a creation of one assignee', code: 'invalid_value' }]);
    }
    const made = await madeUnder(deps, companyUuid, interviewUuid);
    if (made) return made;
  }
  const now = deps.clock.now();
  const problem = scheduleProblem(input.scheduledAt, now);
  if (problem) throw validationFailed([{ field: 'scheduled_at', reason: problem, code: 'invalid_value' }]);
  const accommodations = accommodationsOf(input.accommodations ?? {});

  const questions = await questionsFor(deps, companyUuid, input);
  if (input.type === 'one_way' && questions.length === 0) {
    throw validationFailed([{ field: 'questions', reason: 'one_way interviews need at least one question', code: 'too_small' }]);
  }
  const withPhones = input.assignees.some((a) => a.phoneParsed);
  if (withPhones && !input.hasSmsConsent) {
    throw validationFailed([{ field: 'has_sms_consent', reason: 'must be true when phones are given', code: 'invalid_value' }]);
  }

  // The company's transcription (decision 073), for the invitation to say: read while jobs answers.
  const [job, features, answersTranscribed] = await Promise.all([
    deps.jobs.findJob(caller, input.jobUuid),
    withPhones ? deps.identity.planFeatures(caller, companyUuid) : Promise.resolve({} as Record<string, boolean>),
    deps.store.read.transcriptionSettings.isOn(companyUuid),
  ]);
  if (!job || job.status !== 'active') {
    throw validationFailed([{ field: 'job_post.uuid', reason: 'must be an active job of your company', code: 'invalid_value' }]);
  }
  if (withPhones && !features[PlanFeature.InterviewSmsNotifications]) throw new InterviewsError(InterviewsErrorCode.SmsFeatureRequired);

  // Job seekers first, all in one call (idempotent on email) that also names the creator and company (decision 052):
  // a failed transaction leaves at most users who can be invited again.
  const identity = await deps.identity.ensureJobSeekers(
    caller,
    input.assignees.map((a) => ({ name: a.name, email: a.email })),
    { userUuids: [caller.principal.userUuid], companyUuids: [companyUuid] },
  );
  const [candidates, creator, company] = [identity.jobSeekers, identity.users.get(caller.principal.userUuid), identity.companies.get(companyUuid)];
  if (!creator || !company) throw new Error('identity did not return the caller or their company');
  const jobRow = jobPostRow(job, companyUuid);
  const people = [creator, ...candidates].map(({ uuid, name, email, avatar }) => ({ uuid, name, email, avatar }));
  const companyRow = { uuid: company.uuid, name: company.name, avatar: company.avatar };

  const rows = input.assignees.map((assignee, i): NewInterviewRow => {
    const interview: Interview = {
      uuid: interviewUuid ?? randomUUID(),
      companyUuid,
      type: input.type,
      status: 'requested',
      scheduledAt: input.scheduledAt,
      completedAt: null,
      acceptedAt: null,
      rating: null,
      ratedBy: null,
      ratedAt: null,
      timezone: input.timezone,
      language: input.language || 'en',
      emailMessage: input.emailMessage,
      phone: assignee.phone ?? null,
      phoneParsed: assignee.phoneParsed ?? null,
      hasSmsConsent: input.hasSmsConsent,
      jobUuid: job.uuid,
      candidateUuid: candidates[i].uuid,
      // The name this company gave: the job seeker is shared by every company that invites the email (decision 036).
      candidateName: assignee.name,
      createdBy: creator.uuid,
      createdAt: now,
      updatedAt: now,
      evaluations: NO_EVALUATIONS,
      source: input.source ?? FROM_THE_API,
      accommodations,
    };
    return { interview, keys: { candidateKey: assignee.name.toLowerCase(), jobKey: job.title.toLowerCase(), companyKey: company.name.toLowerCase() } };
  });
  const interviewQuestions = rows.flatMap(({ interview }) => questions.map((q, position) => newQuestion(interview.uuid, position, q, now)));

  // Rendered once, from what is in hand (the same rows the projections keep): the events and the answer show the
  // same interviews, and a bulk invitation reads nothing back.
  const created = renderInterviewsFrom(
    rows.map((r) => r.interview),
    {
      jobs: new Map([[jobRow.uuid, jobRow]]),
      people: new Map(people.map((p) => [p.uuid, p])),
      companies: new Map([[companyRow.uuid, companyRow]]),
      questions: groupBy(interviewQuestions, (q) => q.interviewUuid),
      shareLinks: new Map(),
    },
  );

  // One statement, whatever the number of assignees (decisions 043, 053).
  const events = rows.map(({ interview }, i) =>
    interviewEvent(InterviewsSubjects.InterviewCreated, created[i], { invitation: invitationOf(interview, answersTranscribed) }),
  );
  try {
    await deps.store.statement((write) =>
      write.creations.write(
        { projections: { company: companyRow, job: jobRow, people }, at: now, interviews: rows, questions: interviewQuestions },
        write.events(events),
      ),
    );
  } catch (error) {
    if (interviewUuid === undefined || !isUniqueViolation(error, 'interviews_pkey')) throw error;
    // The same uuid asked for twice at once: the primary key lets one statement in, whole; the other answers it. A
    // uuid taken and not found was made and then deleted: it is not made again.
    const made = await madeUnder(deps, companyUuid, interviewUuid);
    if (!made) throw sharedError(SharedErrorCode.InterviewNotFound);
    return made;
  }
  return { interviews: created };
}

/** The answer for the company's interview made under `uuid` by an earlier request; undefined when none shows. */
async function madeUnder(deps: CreateInterviewsDeps, companyUuid: string, uuid: string): Promise<interviews.InterviewList | undefined> {
  const made = await deps.store.read.interviews.find(companyUuid, uuid);
  return made && { interviews: [await renderInterview(deps.store.read, made)] };
}

function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group) group.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}

async function questionsFor(
  deps: CreateInterviewsDeps,
  companyUuid: string,
  input: CreateInterviewsInput,
): Promise<Array<Omit<QuestionInput, 'thinkTime'> & { thinkTime: ThinkTime }>> {
  if (!input.questionSetUuid) return input.questions.map((q, i) => ({ ...q, thinkTime: thinkTimeOf(q.thinkTime, `questions.${i}.think_time`) }));
  const set = await deps.store.read.questionSets.find(companyUuid, input.questionSetUuid);
  if (!set) throw validationFailed([{ field: 'interview_question_set', reason: 'no such question set in your company', code: 'invalid_value' }]);
  // A copy: later edits of the set never change this interview.
  return set.questions.map((q) => ({ text: q.text, timeLimit: q.timeLimit, takes: q.takes, thinkTime: q.thinkTime }));
}
