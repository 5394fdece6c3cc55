import { request as httpRequest, type IncomingMessage } from 'node:http';
import { sleep } from '../interviews/interview-helpers';
import { startTestSystem, type TestSystem } from '../support/test-system';

const IDLE_MS = 1_500;

describe('HTTP server timeouts: an idle limit, not a total one', () => {
  let t: TestSystem;
  let url: URL;
  let apiKey: string;
  beforeAll(async () => {
    t = await startTestSystem({ HTTP_IDLE_TIMEOUT_MS: String(IDLE_MS) });
    apiKey = (await t.createCompany()).apiKey;
    url = new URL(t.baseUrl);
  });
  afterAll(() => t.stop());

  /** POST /jobs with the body written piece by piece, `pauseMs` apart (time itself: a slow client, against the gateway's timeouts). */
  function slowPost(pieces: string[], pauseMs: number): Promise<{ response?: IncomingMessage; body?: string; closedAfterMs?: number }> {
    const body = pieces.join('');
    const started = Date.now();
    return new Promise((resolve, reject) => {
      const req = httpRequest({
        host: url.hostname,
        port: url.port,
        path: `${url.pathname}/jobs`,
        method: 'POST',
        agent: false,
        auth: `${apiKey}:`,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      });
      req.on('response', (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (c: Buffer) => chunks.push(c));
        response.on('end', () => resolve({ response, body: Buffer.concat(chunks).toString('utf8') }));
      });
      req.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNRESET' ? resolve({ closedAfterMs: Date.now() - started }) : reject(error)));
      void (async () => {
        for (const piece of pieces) {
          if (req.destroyed) return;
          req.write(piece);
          await sleep(pauseMs);
        }
        if (!req.destroyed) req.end();
      })();
    });
  }

  const jobPieces = (title: string) => {
    const body = JSON.stringify({ title, locality: { work_mode: 'remote', work_place: '' } });
    return Array.from({ length: 8 }, (_, i) => body.slice((i * body.length) / 8, ((i + 1) * body.length) / 8));
  };

  it('lets a slow body arrive for as long as it keeps coming (here 4 s, past the 1.5 s idle timeout)', async () => {
    const answer = await slowPost(jobPieces('Slow but steady'), 500);
    expect(answer.response?.statusCode).toBe(201);
    expect(JSON.parse(answer.body!).title).toBe('Slow but steady');
  });

  it('closes a request that goes silent for the idle timeout, and creates nothing', async () => {
    const pieces = jobPieces('Stalled');
    const answer = await slowPost([pieces.slice(0, 4).join(''), pieces.slice(4).join('')], IDLE_MS + 1_500);
    expect(answer.response).toBeUndefined();
    expect(answer.closedAfterMs).toBeGreaterThanOrEqual(IDLE_MS - 100);
    expect(answer.closedAfterMs).toBeLessThan(IDLE_MS + 1_400);
    const jobs = (await t.as(apiKey).get('/jobs?range=0-99')).body;
    expect(jobs.map((j: any) => j.title)).not.toContain('Stalled');
  });

  it('keeps idle connections open 65 s, above the 60 s of common load balancers', async () => {
    const headers = await new Promise<IncomingMessage['headers']>((resolve, reject) => {
      httpRequest(
        { host: url.hostname, port: url.port, path: `${url.pathname}/me`, agent: false, auth: `${apiKey}:`, headers: { connection: 'keep-alive' } },
        (response) => {
          response.resume();
          resolve(response.headers);
        },
      )
        .on('error', reject)
        .end();
    });
    expect(headers['keep-alive']).toBe('timeout=65');
  });
});
