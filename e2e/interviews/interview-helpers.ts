import { randomBytes } from 'node:crypto';
import type { BusMessage, EventBus, Subscription } from '@vi/platform-bus';
import { waitFor } from '@vi/platform-testing';
import { toRfc3339 } from '@vi/platform-time';
import type { ApiClient } from '../support/api-client';
import { expectRfc3339Timestamps } from '../support/expectations';
import type { TestSystem } from '../support/test-system';
import { createJob, totalOf, whoAmI, type JobInput } from '../jobs/job-helpers';

/** Helpers shared by the interviews end-to-end specs (not a spec itself). */

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const DAY_MS = 24 * 3600 * 1000;
export const EVENT_TIMEOUT_MS = 5_000;

/** A timestamp `ms` from now, whole seconds with `+00:00` (as the API renders them, so it round-trips). */
export function inFuture(ms: number): string {
  return toRfc3339(new Date(Date.now() + ms));
}

/** A unique email, so job seekers of different tests never collide. */
export function seekerEmail(name = 'seeker'): string {
  return `${name}.${randomBytes(4).toString('hex')}@seekers.example`;
}

/** Two questions: the first without `takes` (default -1), the second with takes 2. */
export const QUESTIONS = [
  { text: 'Tell us about yourself.', time_limit: 60 },
  { text: 'Why this role?', time_limit: 120, takes: 2 },
];

/** A valid create body for a one_way interview due in a week; override any property. */
export function interviewBody(jobUuid: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    type: 'one_way',
    scheduled_at: inFuture(7 * DAY_MS),
    assigned_to: { name: 'Jane Seeker', email: seekerEmail('jane') },
    email_message: 'Please record your answers.',
    job_post: { uuid: jobUuid },
    questions: QUESTIONS,
    timezone: 'Europe/Paris',
    ...overrides,
  };
}

/** POST /interviews, expecting 201; returns the body (one object, or an array for an array of assignees). */
export async function createInterview(api: ApiClient, body: Record<string, unknown>): Promise<any> {
  const created = await api.post('/interviews', body);
  expect({ status: created.status, body: created.body }).toEqual({ status: 201, body: expect.anything() });
  return created.body;
}

/** A live interview (no questions needed) for one assignee. */
export function liveBody(jobUuid: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const { questions: _questions, ...rest } = interviewBody(jobUuid, { type: 'live', ...overrides });
  return overrides.questions === undefined ? rest : { ...rest, questions: overrides.questions };
}

/** A company of `plan` with an active job; the administrator's client and summaries. */
export async function companyWithJob(t: TestSystem, plan = 'unlimited', job: JobInput = {}) {
  const company = await t.createCompany(plan);
  const created = await createJob(company.api, { title: 'Interviewing Engineer', status: 'active', ...job });
  const jobRead = (await company.api.get(`/jobs/${created.uuid}`)).body;
  const me = await whoAmI(company.api);
  return { ...company, job: jobRead, me };
}

/** The job summary an interview shows for a job (`GET /jobs/<uuid>` narrowed). */
export function jobSummaryOf(job: any) {
  return {
    uuid: job.uuid,
    title: job.title,
    created_at: job.created_at,
    updated_at: job.updated_at,
    status_updated_at: job.status_updated_at,
    status: job.status,
    created_by: job.created_by,
    // An interview's job shows the location's summary, not the parts a job's own single read adds (decision 011).
    location: job.location && { uuid: job.location.uuid, formatted_address: job.location.formatted_address },
  };
}

const USER_SUMMARY = { uuid: expect.stringMatching(UUID), name: expect.any(String), email: expect.any(String), avatar: expect.stringMatching(/^http/) };

/** The exact documented interview shape; `questions` only on single reads, create and update. */
export function expectInterviewShape(interview: any, options: { questions: boolean }): void {
  const expected: Record<string, unknown> = {
    uuid: expect.stringMatching(UUID),
    rating: interview?.rating === null ? null : expect.any(Number),
    type: expect.stringMatching(/^(one_way|live)$/),
    status: expect.stringMatching(/^(accepted|requested|completed|expired|canceled)$/),
    created_at: expect.any(String),
    updated_at: expect.any(String),
    scheduled_at: expect.any(String),
    completed_at: interview?.completed_at === null ? null : expect.any(String),
    language: expect.any(String),
    // Where it came from (decision 071): an ATS's order also carries its external_id.
    source:
      interview?.source?.external_id === undefined
        ? { type: expect.stringMatching(/^(api|workspace|open_interview)$/) }
        : { type: expect.stringMatching(/^(greenhouse|ashby)$/), external_id: expect.any(String) },
    share_link: null,
    job_post: {
      uuid: expect.stringMatching(UUID),
      title: expect.any(String),
      created_at: expect.any(String),
      updated_at: expect.any(String),
      status_updated_at: expect.any(String),
      status: expect.stringMatching(/^(active|inactive)$/),
      created_by: USER_SUMMARY,
      location: { uuid: expect.stringMatching(UUID), formatted_address: expect.any(String) },
    },
    assigned_to: USER_SUMMARY,
    company: { uuid: expect.stringMatching(UUID), name: expect.any(String), avatar: expect.any(String) },
    created_by: USER_SUMMARY,
    // The hiring team's verdict (decision 070): null and 0 until the evaluations service says otherwise.
    decision:
      interview?.decision === null
        ? null
        : {
            decision: expect.stringMatching(/^(advance|reject|hold)$/),
            decided_by: { uuid: expect.stringMatching(UUID), name: expect.any(String) },
            decided_at: expect.any(String),
          },
    evaluations_submitted: expect.any(Number),
    evaluations_started: expect.any(Number),
    // Issue 42: what the interview changes for its candidate (the defaults when none were set).
    accommodations: {
      time_multiplier: expect.any(Number),
      unlimited_time: expect.any(Boolean),
      extra_takes: expect.any(Number),
      audio_only: expect.any(Boolean),
    },
  };
  if (options.questions) {
    expected.questions = expect.any(Array);
    expected.accommodation_requests = expect.any(Array);
  }
  expect(interview).toEqual(expected);
  if (!options.questions) expect(interview).not.toHaveProperty('questions');
  const unlimited = interview.accommodations?.unlimited_time === true;
  const multiplied = interview.accommodations?.time_multiplier !== 1;
  for (const q of interview.questions ?? []) {
    expect(q).toEqual({
      uuid: expect.stringMatching(UUID),
      text: expect.any(String),
      completed: expect.any(Boolean),
      // The effective limits (issue 42): none with unlimited_time, any whole seconds once multiplied.
      time_limit: unlimited ? null : expect.any(Number),
      think_time: unlimited ? null : expect.stringMatching(multiplied ? /^\d+$/ : THINK_TIME),
      takes: { completed: expect.any(Number), remaining: expect.any(Number) },
    });
  }
  expectRfc3339Timestamps(interview);
}

/** Our addition to the reference's question objects (decision 013): seconds to read, as a string. */
const THINK_TIME = /^(0|15|30|45|60|90|120|180)$/;

/** The exact documented question shape (questions endpoints), with our think_time. */
export function expectQuestionShape(question: any): void {
  expect(question).toEqual({
    uuid: expect.stringMatching(UUID),
    text: expect.any(String),
    completed: expect.any(Boolean),
    skipped: expect.any(Boolean),
    time_limit: expect.any(Number),
    think_time: expect.stringMatching(THINK_TIME),
    takes: { completed: expect.any(Number), remaining: expect.any(Number), limit: expect.any(Number) },
    created_at: expect.any(String),
    updated_at: expect.any(String),
    started_at: question?.started_at === null ? null : expect.any(String),
  });
  expectRfc3339Timestamps(question);
}

/** A list item is the single read without `questions` and `accommodation_requests` (issue 42). */
export function asListItem(interview: any): any {
  const { questions: _questions, accommodation_requests: _requests, ...rest } = interview;
  return rest;
}

export async function listInterviews(api: ApiClient, query = '') {
  const response = await api.get(`/interviews${query}`);
  expect({ status: response.status, query }).toEqual({ status: 200, query });
  const contentRange = response.headers.get('content-range');
  return { items: response.body as any[], contentRange, total: totalOf(contentRange) };
}

export async function totalInterviews(api: ApiClient): Promise<number> {
  return (await listInterviews(api, '?range=0-0')).total;
}

export async function getInterview(api: ApiClient, uuid: string): Promise<any> {
  const read = await api.get(`/interviews/${uuid}`);
  expect({ status: read.status, uuid }).toEqual({ status: 200, uuid });
  return read.body;
}

export async function putInterview(api: ApiClient, uuid: string, body: Record<string, unknown>): Promise<any> {
  const updated = await api.put(`/interviews/${uuid}`, body);
  expect({ status: updated.status, sent: body, body: updated.body }).toEqual({ status: 201, sent: body, body: expect.anything() });
  return updated.body;
}

/** Every `interviews.interview.*` message seen on the bus from now on. */
export class InterviewEvents {
  readonly messages: BusMessage<any>[] = [];
  private subscription?: Subscription;

  async start(bus: EventBus): Promise<this> {
    this.subscription = await bus.subscribe({
      subjects: ['interviews.interview.*'],
      handler: async (message) => {
        this.messages.push(message as BusMessage<any>);
      },
    });
    return this;
  }

  async close(): Promise<void> {
    await this.subscription?.close();
  }

  for(interviewUuid: string, subject?: string): BusMessage<any>[] {
    return this.messages.filter((m) => m.payload?.interview?.uuid === interviewUuid && (subject === undefined || m.subject === subject));
  }

  /** Distinct events (by id): a redelivered copy of one event is still one event. */
  distinct(interviewUuid: string, subject: string): string[] {
    return [...new Set(this.for(interviewUuid, subject).map((m) => m.id))];
  }

  ofCompany(companyUuid: string): BusMessage<any>[] {
    return this.messages.filter((m) => m.payload?.interview?.company?.uuid === companyUuid);
  }

  /** The `count`-th event of `subject` for the interview, waiting for it. */
  async next(interviewUuid: string, subject: string, count = 1): Promise<BusMessage<any>> {
    try {
      await waitFor(() => this.for(interviewUuid, subject).length >= count, EVENT_TIMEOUT_MS);
    } catch {
      throw new Error(`no ${subject} #${count} for interview ${interviewUuid}; seen: ${JSON.stringify(this.for(interviewUuid).map((m) => m.subject))}`);
    }
    return this.for(interviewUuid, subject)[count - 1];
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
