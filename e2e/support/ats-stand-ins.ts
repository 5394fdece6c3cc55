import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { waitFor } from '@vi/platform-testing';
import type { ApiClient, ApiResponse } from './api-client';

/**
 * Applicant-tracking systems as their published contracts describe them (decision 071), on 127.0.0.1 and with no
 * network beyond it: each calls our partner API with a company's integration key, as the real one does, and
 * listens for our callbacks. Each can be told to answer 503 a number of times, to see the retries.
 */

export interface ReceivedCall {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** The status the stand-in answered. */
  status: number;
}

/** An HTTP server that records each request and answers it with `answer`, or 503 while failures are asked for. */
class Listener {
  readonly calls: ReceivedCall[] = [];
  private failures = 0;
  private readonly server: Server;
  port = 0;

  constructor(
    answer: (call: Omit<ReceivedCall, 'status'>) => number,
    private readonly onAnswered: (call: ReceivedCall) => void = () => undefined,
  ) {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const call = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
        let status: number;
        if (this.failures > 0) {
          this.failures--;
          status = 503;
        } else {
          status = answer(call);
        }
        this.calls.push({ ...call, status });
        res.writeHead(status, { 'content-type': 'application/json' }).end(status < 300 ? '{"success":true}' : '{"success":false}');
        this.onAnswered({ ...call, status });
      });
    });
  }

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', () => resolve()));
    this.port = (this.server.address() as AddressInfo).port;
  }

  /** The next `count` requests are answered 503 (a receiver that is down), whatever they are. */
  failNext(count: number): void {
    this.failures = count;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** Waits until `items()` holds at least `count` entries and returns them; `what` explains a timeout. */
async function atLeast<T>(items: () => T[], count: number, what: string, timeoutMs: number): Promise<T[]> {
  try {
    await waitFor(() => items().length >= count, timeoutMs, 50);
  } catch {
    throw new Error(`expected ${count} ${what}, saw ${items().length}: ${JSON.stringify(items())}`);
  }
  return items();
}

export interface GreenhouseCandidate {
  first_name: string;
  last_name: string;
  email: string;
  preferred_name?: string | null;
  resume_url?: string | null;
  phone_number?: string | null;
  greenhouse_profile_url: string;
}

/**
 * Greenhouse's Assessment Partner side: it lists tests and sends one with a `url` of its own; when that URL is
 * PATCHed (no body) it answers and then calls `test_status`, as its contract says. `statusesAfterPatch` holds what
 * it read then, per partner_interview_id.
 */
export class GreenhouseStandIn {
  private readonly listener = new Listener(
    (call) => (call.method === 'PATCH' && this.sent.has(call.path) ? 200 : 404),
    (call) => {
      if (call.status === 200) this.readStatusAfterPatch(this.sent.get(call.path)!);
    },
  );
  /** The callback path of each test sent → its partner_interview_id. */
  private readonly sent = new Map<string, string>();
  /** partner_interview_id → the test_status answers read after each accepted PATCH, in order. */
  private readonly statusesAfterPatch = new Map<string, Array<ApiResponse | Error>>();

  private constructor(private readonly api: ApiClient) {}

  /** Greenhouse holding the company's integration key `api`'s. */
  static async start(api: ApiClient): Promise<GreenhouseStandIn> {
    const standIn = new GreenhouseStandIn(api);
    await standIn.listener.start();
    return standIn;
  }

  /** The PATCHes received, accepted or not. */
  get patches(): ReceivedCall[] {
    return this.listener.calls;
  }

  failNext(count: number): void {
    this.listener.failNext(count);
  }

  listTests(): Promise<ApiResponse> {
    return this.api.get('/partners/greenhouse/list_tests');
  }

  /**
   * `send_test` with a callback URL of this stand-in's own (kept before sending: the PATCH may come at once); any
   * field may be overridden or removed (`undefined`).
   */
  async sendTest(partnerTestId: string, candidate: GreenhouseCandidate, overrides: Record<string, unknown> = {}): Promise<ApiResponse> {
    const path = `/partner_callbacks/${randomUUID()}`;
    const body = { partner_test_id: partnerTestId, candidate, sent_by: 'recruiter@greenhouse.example', url: this.url(path), ...overrides };
    const sent = await this.api.post('/partners/greenhouse/send_test', body);
    if (sent.status === 200) {
      // Greenhouse's idempotent send answers an earlier test's id: its PATCH goes to the first URL, kept too.
      this.sent.set(path, sent.body.partner_interview_id);
    }
    return sent;
  }

  testStatus(partnerInterviewId: string): Promise<ApiResponse> {
    return this.api.get(`/partners/greenhouse/test_status?partner_interview_id=${encodeURIComponent(partnerInterviewId)}`);
  }

  /** The PATCHes of one test sent (its `url`), oldest first. */
  patchesOf(partnerInterviewId: string): ReceivedCall[] {
    return this.listener.calls.filter((call) => this.sent.get(call.path) === partnerInterviewId);
  }

  /** The test_status answer Greenhouse read after the `count`-th accepted PATCH of a test (waits for it). */
  async afterPatch(partnerInterviewId: string, count = 1, timeoutMs = 20_000): Promise<ApiResponse> {
    const read = await atLeast(
      () => this.statusesAfterPatch.get(partnerInterviewId) ?? [],
      count,
      `test_status reads after a PATCH of ${partnerInterviewId}`,
      timeoutMs,
    );
    const answer = read[count - 1];
    if (answer instanceof Error) throw answer;
    return answer;
  }

  /** What Greenhouse does on a PATCH: asks test_status (an answer the OpenAPI description does not allow is kept as the error). */
  private readStatusAfterPatch(partnerInterviewId: string): void {
    const kept = (answer: ApiResponse | Error) =>
      this.statusesAfterPatch.set(partnerInterviewId, [...(this.statusesAfterPatch.get(partnerInterviewId) ?? []), answer]);
    this.testStatus(partnerInterviewId).then(kept, (error: Error) => kept(error));
  }

  url(path = '/partner_callbacks/any'): string {
    return `http://127.0.0.1:${this.listener.port}${path}`;
  }

  close(): Promise<void> {
    return this.listener.close();
  }
}

export interface AshbyUpdate {
  assessment_id: string;
  timestamp: string;
  assessment_status: 'Started' | 'Completed' | 'Cancelled' | 'Expired';
  assessment_profile_url?: string;
  assessment_result?: Array<{ identifier: string; label: string; type: string; value: unknown }>;
  cancelled_reason?: string;
}

/**
 * Ashby's side: it starts and cancels assessments through our partner API with the company's integration key, and
 * its API (`ASHBY_API_URL`) takes `POST /assessment.update` with Basic auth by the Ashby API key it gave the company
 * (the username; the password empty). Another key, or none, is answered 401.
 */
export class AshbyStandIn {
  /** The Ashby API keys this Ashby knows: one per company that connected it. */
  private readonly keys = new Set<string>();
  private readonly listener = new Listener((call) => this.answer(call));

  private constructor() {}

  static async start(): Promise<AshbyStandIn> {
    const standIn = new AshbyStandIn();
    await standIn.listener.start();
    return standIn;
  }

  /** What the service is given as `ASHBY_API_URL`. */
  get apiUrl(): string {
    return `http://127.0.0.1:${this.listener.port}`;
  }

  /** A new Ashby API key, as a company creates one in Ashby's admin to paste into our `PUT /integrations/ashby`. */
  newApiKey(): string {
    const key = `ashby_${randomBytes(16).toString('hex')}`;
    this.keys.add(key);
    return key;
  }

  failNext(count: number): void {
    this.listener.failNext(count);
  }

  /** Every `POST /assessment.update` received, accepted or not. */
  get calls(): ReceivedCall[] {
    return this.listener.calls;
  }

  /** The accepted updates of one assessment, oldest first. */
  updatesOf(assessmentId: string): AshbyUpdate[] {
    return this.listener.calls
      .filter((c) => c.status === 200)
      .map((c) => JSON.parse(c.body) as AshbyUpdate)
      .filter((u) => u.assessment_id === assessmentId);
  }

  /** Waits until `count` accepted updates of the assessment have `assessment_status` (all of them when absent) and returns those. */
  async nextUpdates(assessmentId: string, status: AshbyUpdate['assessment_status'], count = 1, timeoutMs = 20_000): Promise<AshbyUpdate[]> {
    return atLeast(() => this.updatesOf(assessmentId).filter((u) => u.assessment_status === status), count, `${status} updates of ${assessmentId}`, timeoutMs);
  }

  list(api: ApiClient): Promise<ApiResponse> {
    return api.post('/partners/ashby/assessment.list', {});
  }

  start(api: ApiClient, body: Record<string, unknown>): Promise<ApiResponse> {
    return api.post('/partners/ashby/assessment.start', body);
  }

  cancel(api: ApiClient, assessmentId: string): Promise<ApiResponse> {
    return api.post('/partners/ashby/assessment.cancel', { assessment_id: assessmentId });
  }

  close(): Promise<void> {
    return this.listener.close();
  }

  private answer(call: Omit<ReceivedCall, 'status'>): number {
    if (call.method !== 'POST' || call.path !== '/assessment.update') return 404;
    const match = /^Basic\s+(\S+)$/i.exec(String(call.headers.authorization ?? ''));
    const [username, password] = match ? Buffer.from(match[1], 'base64').toString('utf8').split(':') : [];
    if (!username || password !== '' || !this.keys.has(username)) return 401;
    try {
      const update = JSON.parse(call.body) as Partial<AshbyUpdate>;
      return typeof update.assessment_id === 'string' && typeof update.assessment_status === 'string' ? 200 : 400;
    } catch {
      return 400;
    }
  }
}

/** Ashby's `assessment.start` body for a candidate; any part may be overridden. */
export function ashbyStartBody(assessmentTypeId: string, email: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const id = randomUUID();
  return {
    assessment_type_id: assessmentTypeId,
    candidate: { ashby_id: `cand-${id}`, first_name: 'Ada', last_name: 'Ashby', email, ashby_profile_url: `https://app.ashbyhq.com/candidates/${id}` },
    application: { ashby_id: `app-${id}`, status: 'Active' },
    job: { ashby_id: `job-${id}`, name: 'Engineer', req_id: 'REQ-1', ashby_job_url: `https://app.ashbyhq.com/jobs/${id}` },
    ...overrides,
  };
}

/** Greenhouse's candidate of `send_test`. */
export function greenhouseCandidate(email: string, overrides: Partial<GreenhouseCandidate> = {}): GreenhouseCandidate {
  return {
    first_name: 'Grace',
    last_name: 'Greenhouse',
    email,
    phone_number: '+1 415 555 0123',
    greenhouse_profile_url: `https://app.greenhouse.io/people/${Math.floor(Math.random() * 1e9)}`,
    ...overrides,
  };
}
