import type { BusMessage, EventBus, Subscription } from '@vi/platform-bus';
import { waitFor } from '@vi/platform-testing';
import { ApiClient } from '../support/api-client';
import { startTestSystem, type TestSystem } from '../support/test-system';
import { companyWithJob, createInterview, interviewBody, liveBody, seekerEmail } from '../interviews/interview-helpers';

/** Helpers shared by the sharing end-to-end specs (not a spec itself). */

export type Company = Awaited<ReturnType<typeof companyWithJob>>;

export const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** A live interview completed by the company (no takes): the quickest completed interview. */
export async function completedInterview(company: Company, name = 'Sam Shared'): Promise<any> {
  const created = await createInterview(company.api, liveBody(company.job.uuid, { assigned_to: { name, email: seekerEmail('shared') } }));
  const completed = await company.api.put(`/interviews/${created.uuid}`, { status: 'completed' });
  expect({ status: completed.status, interviewStatus: completed.body.status }).toEqual({ status: 201, interviewStatus: 'completed' });
  return completed.body;
}

/** An interview still `requested`. */
export function openInterview(company: Company): Promise<any> {
  return createInterview(company.api, liveBody(company.job.uuid));
}

/** The token of a share link's URL `{PUBLIC_BASE_URL}/share/<token>`. */
export function tokenOf(url: string): string {
  const match = /\/share\/([^/?#]+)$/.exec(url);
  if (!match) throw new Error(`not a share link URL: ${url}`);
  return match[1];
}

/** The public side: no credentials at all. */
export function publicClient(t: TestSystem): ApiClient {
  return new ApiClient(t.baseUrl, undefined);
}

export function openShared(t: TestSystem, token: string) {
  return publicClient(t).get(`/public/share/${token}`);
}

/**
 * A one_way interview the candidate answered with real takes and completed:
 * returns the interview, its question uuids and the uploaded videos per question.
 */
export async function completedInterviewWithTakes(t: TestSystem, company: Company, events: InterviewCreations, videos: Buffer[][]) {
  const questions = videos.map((_, i) => ({ text: `Question ${i + 1}`, time_limit: 60, takes: 3 }));
  const created = await createInterview(
    company.api,
    interviewBody(company.job.uuid, { questions, assigned_to: { name: 'Vera Video', email: seekerEmail('video') } }),
  );
  const token = await events.candidateToken(created.uuid);
  const auth = { authorization: `Bearer ${token}` };
  const candidate = publicClient(t);
  expect((await candidate.request('POST', `/candidate/interviews/${created.uuid}/accept`, { headers: auth })).status).toBe(200);
  const takes: { uuid: string; questionUuid: string; video: Buffer }[] = [];
  for (const [index, question] of (created.questions as Array<{ uuid: string }>).entries()) {
    for (const video of videos[index]) {
      const uploaded = await fetch(`${t.baseUrl}/candidate/interviews/${created.uuid}/questions/${question.uuid}/takes`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'video/webm' },
        body: video,
      });
      expect(uploaded.status).toBe(201);
      takes.push({ uuid: ((await uploaded.json()) as { uuid: string }).uuid, questionUuid: question.uuid, video });
    }
    if (videos[index].length === 0) await candidate.request('POST', `/candidate/interviews/${created.uuid}/questions/${question.uuid}/skip`, { headers: auth });
  }
  const completed = await candidate.request('POST', `/candidate/interviews/${created.uuid}/complete`, { headers: auth });
  expect(completed.status).toBe(200);
  return { interview: created, takes };
}

/** InterviewCreated events; the candidate token of the invitation link, once its interview's event is out. */
export class InterviewCreations {
  private readonly messages: BusMessage<any>[] = [];
  private subscription?: Subscription;
  private links?: TestSystem['candidateLinks'];
  /** The link a job seeker got stays theirs (a completed interview issues no new one). */
  private readonly tokens = new Map<string, string>();

  async start(t: TestSystem): Promise<this> {
    this.links = t.candidateLinks;
    this.subscription = await t.system.bus.subscribe({
      subjects: ['interviews.interview.created'],
      handler: async (m) => void this.messages.push(m as BusMessage<any>),
    });
    return this;
  }

  async candidateToken(interviewUuid: string): Promise<string> {
    await waitFor(() => this.messages.some((m) => m.payload.interview.uuid === interviewUuid));
    if (!this.tokens.has(interviewUuid)) this.tokens.set(interviewUuid, await this.links!.token(interviewUuid));
    return this.tokens.get(interviewUuid)!;
  }

  async close(): Promise<void> {
    await this.subscription?.close();
  }
}

/** Every `sharing.share_link.*` event seen on the bus. */
export class ShareLinkEvents {
  readonly messages: BusMessage<any>[] = [];
  private subscription?: Subscription;

  async start(bus: EventBus): Promise<this> {
    this.subscription = await bus.subscribe({ subjects: ['sharing.share_link.*'], handler: async (m) => void this.messages.push(m as BusMessage<any>) });
    return this;
  }

  for(linkUuid: string, subject?: string): BusMessage<any>[] {
    return this.messages.filter((m) => m.payload.uuid === linkUuid && (subject === undefined || m.subject === subject));
  }

  async next(linkUuid: string, subject: string): Promise<BusMessage<any>> {
    try {
      await waitFor(() => this.for(linkUuid, subject).length > 0);
    } catch {
      throw new Error(`no ${subject} for share link ${linkUuid}; seen: ${JSON.stringify(this.for(linkUuid).map((m) => m.subject))}`);
    }
    return this.for(linkUuid, subject)[0];
  }

  async close(): Promise<void> {
    await this.subscription?.close();
  }
}

/**
 * A system for one spec file: share link and interview-creation events
 * recorded from the start, a company of `plan` (with an active job) and
 * another company. The fields are set in `beforeAll`.
 */
export function sharingSystem(plan: string) {
  const ctx = { events: new ShareLinkEvents(), creations: new InterviewCreations() } as {
    t: TestSystem;
    company: Company;
    other: Company;
    events: ShareLinkEvents;
    creations: InterviewCreations;
  };
  beforeAll(async () => {
    ctx.t = await startTestSystem();
    await ctx.events.start(ctx.t.system.bus);
    await ctx.creations.start(ctx.t);
    ctx.company = await companyWithJob(ctx.t, plan);
    ctx.other = await companyWithJob(ctx.t, 'unlimited');
  });
  afterAll(async () => {
    await ctx.events.close();
    await ctx.creations.close();
    await ctx.t.stop();
  });
  return ctx;
}
