import { waitFor } from '@vi/platform-testing';
import { ApiClient } from '../support/api-client';
import type { TestSystem } from '../support/test-system';
import { createJob } from '../jobs/job-helpers';
import { tokenOf } from '../sharing/sharing-helpers';

/** Helpers shared by the assessments end-to-end specs (not a spec itself): decision 071 over HTTP. */

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const TEST_QUESTIONS = [
  { text: 'Tell us about a system you built.', time_limit: 60 },
  { text: 'What would you improve in it?', time_limit: 120, takes: 2 },
];

/** A job that is a test: active, its open interview configured with questions (decision 045). */
export async function testJob(api: ApiClient, title = 'Platform Engineer'): Promise<{ uuid: string; title: string }> {
  const job = await createJob(api, { title, status: 'active' });
  const put = await api.put(`/jobs/${job.uuid}`, { open_interview: { status: 'active', questions: TEST_QUESTIONS } });
  expect({ status: put.status, questions: put.body.open_interview?.questions?.length }).toEqual({ status: 200, questions: TEST_QUESTIONS.length });
  return { uuid: job.uuid, title };
}

/** The job seeker of an interview, with the token of their invitation link, as they would act on it. */
export async function candidateOf(t: TestSystem, interviewUuid: string) {
  const token = await t.candidateLinks.token(interviewUuid);
  const client = new ApiClient(t.baseUrl, undefined);
  const as = (method: string, path: string) => client.request(method, path, { headers: { authorization: `Bearer ${token}` } });
  return {
    accept: async () => {
      const accepted = await as('POST', `/candidate/interviews/${interviewUuid}/accept`);
      expect({ status: accepted.status, interview: accepted.body.status }).toEqual({ status: 200, interview: 'accepted' });
      return accepted.body;
    },
    /** Answers (skips, which counts as answered) every question and completes. */
    complete: async () => {
      const opened = await as('GET', `/candidate/interviews/${interviewUuid}`);
      for (const question of opened.body.questions as Array<{ uuid: string }>) {
        expect((await as('POST', `/candidate/interviews/${interviewUuid}/questions/${question.uuid}/skip`)).status).toBe(200);
      }
      const completed = await as('POST', `/candidate/interviews/${interviewUuid}/complete`);
      expect({ status: completed.status, interview: completed.body.status }).toEqual({ status: 200, interview: 'completed' });
      return completed.body;
    },
  };
}

/** Accepts, answers and completes the interview as its candidate. */
export async function completeAsCandidate(t: TestSystem, interviewUuid: string): Promise<void> {
  const candidate = await candidateOf(t, interviewUuid);
  await candidate.accept();
  await candidate.complete();
}

/** Every order of the company (one page of up to 100), filtered by the query string given. */
export async function listOrders(api: ApiClient, query = ''): Promise<{ items: any[]; contentRange: string | null; status: number }> {
  const listed = await api.get(`/assessment_orders${query}`);
  return { items: listed.body, contentRange: listed.headers.get('content-range'), status: listed.status };
}

export async function orderOf(api: ApiClient, interviewUuid: string): Promise<any> {
  const { items } = await listOrders(api, '?range=0-99');
  const order = items.find((o) => o.interview_uuid === interviewUuid);
  if (!order) throw new Error(`no order of interview ${interviewUuid} in ${JSON.stringify(items)}`);
  return order;
}

/** Waits until the order's callbacks satisfy `done` (their attempts recorded) and returns the order. */
export async function orderWhen(api: ApiClient, interviewUuid: string, done: (order: any) => boolean, timeoutMs = 20_000): Promise<any> {
  let last: any;
  try {
    await waitFor(
      async () => {
        last = await orderOf(api, interviewUuid);
        return done(last);
      },
      timeoutMs,
      100,
    );
  } catch {
    throw new Error(`order of ${interviewUuid} never got there; last seen ${JSON.stringify(last)}`);
  }
  return last;
}

/** What a reader without an account sees at a profile URL: the shared interview with its questions. */
export async function openProfile(t: TestSystem, url: string): Promise<any> {
  const opened = await new ApiClient(t.baseUrl, undefined).get(`/public/share/${tokenOf(url)}`);
  expect(opened.status).toBe(200);
  return opened.body;
}
