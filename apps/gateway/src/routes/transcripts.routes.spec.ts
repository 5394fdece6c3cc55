import { once } from 'node:events';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import pino from 'pino';
import { AppError, ErrorKind } from '@vi/platform-errors';
import { errorHandler, notFoundHandler } from '../http/error-handler';
import { jsonBody } from '../http/hostile-input';
import { RateLimits } from '../rate-limit/rate-limits';
import type { Upstreams } from '../upstream/upstreams';
import { interviewsRoutes } from './interviews.routes';
import { publicShareRoutes } from './public-share.routes';
import { settingsRoutes } from './settings.routes';
import { transcriptsRoutes } from './transcripts.routes';

/** Every upstream as the routes see it: each call recorded as `upstream.method`, answered by `answer`. */
function fakeUpstreams(answer: (call: string, request: any) => unknown) {
  const calls: Array<{ call: string; request: any; principal?: unknown }> = [];
  const names = new Proxy({}, { get: (_t, name) => String(name) });
  const upstreams = new Proxy(
    {},
    {
      get: (_t, upstream) => ({
        call: async (pick: (c: unknown) => unknown, request: unknown, options: { principal?: unknown }) => {
          const call = `${String(upstream)}.${pick(names) as string}`;
          calls.push({ call, request, principal: options.principal });
          return answer(call, request);
        },
      }),
    },
  ) as unknown as Upstreams;
  return { upstreams, calls };
}

const json = (value: unknown) => ({ json: Buffer.from(JSON.stringify(value)) });
const TRANSCRIPT = {
  status: 'done',
  language: 'en',
  text: 'Hello.',
  segments: [{ start_ms: 0, end_ms: 900, text: 'Hello.' }],
  updated_at: '2026-11-22T10:00:00+00:00',
};
const SETTINGS = { transcription: true, transcription_available: true, updated_at: '2026-11-22T10:00:00+00:00' };
const VTT = 'WEBVTT\n\n1\n00:00:00.000 --> 00:00:00.900\nHello.\n';
const notReady = () => new AppError(ErrorKind.NotFound, 'api.transcript_not_ready', 'The transcript is not done yet');

const INTERVIEW = '0b1c2d3e-0000-4000-8000-000000000007';
const QUESTION = '0b1c2d3e-0000-4000-8000-000000000005';
const TAKE = '0b1c2d3e-0000-4000-8000-000000000009';
const RECORDING = '0b1c2d3e-0000-4000-8000-00000000000e';
const TOKEN = 'A'.repeat(43);

describe('the transcript, captions, settings and search routes (decision 073)', () => {
  let server: Server;
  let base: string;
  let fake: ReturnType<typeof fakeUpstreams>;
  let answer: (call: string, request: any) => unknown;

  beforeAll(async () => {
    fake = fakeUpstreams((call, request) => answer(call, request));
    const app = express();
    app.set('etag', false);
    const limits = new RateLimits({ perMinute: 1_000, authFailuresPerMinute: 1_000 });
    // The public side as the gateway mounts it: before authentication.
    app.use('/v1.0', publicShareRoutes({ upstreams: fake.upstreams, limits, requestTimeoutMs: 5_000 }));
    const v1 = express.Router();
    v1.use((_req, res, next) => {
      res.locals.context = { principal: { kind: 'user', userUuid: 'u', companyUuid: 'c' }, keyUuid: 'k', deadline: new Date(Date.now() + 5_000) };
      next();
    });
    v1.use(jsonBody);
    v1.use(interviewsRoutes(fake.upstreams), transcriptsRoutes(fake.upstreams), settingsRoutes(fake.upstreams));
    app.use('/v1.0', v1);
    app.use(notFoundHandler);
    app.use(errorHandler(pino({ enabled: false })));
    server = app.listen(0, '127.0.0.1');
    await once(server, 'listening');
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1.0`;
  });
  afterAll(() => server.close());
  beforeEach(() => {
    fake.calls.length = 0;
    answer = () => {
      throw new Error('no upstream call expected');
    };
  });

  const request = async (method: string, path: string, body?: string, contentType = 'application/json') => {
    const response = await fetch(`${base}${path}`, { method, headers: body === undefined ? {} : { 'content-type': contentType }, body });
    const text = await response.text();
    const type = response.headers.get('content-type') ?? '';
    return {
      status: response.status,
      type,
      cacheControl: response.headers.get('cache-control'),
      body: type.startsWith('application/json') ? JSON.parse(text) : text,
    };
  };
  const expectRefusal = (answered: { status: number; type: string; body: any }, status: number, code: string) => {
    expect({ status: answered.status, type: answered.type, code: answered.body?.code }).toEqual({
      status,
      type: expect.stringMatching(/^application\/json/),
      code,
    });
    expect(answered.body).toEqual(expect.objectContaining({ reason: expect.any(String), lang: `error.${code.slice(4)}` }));
  };

  const takePath = `/interviews/${INTERVIEW}/questions/${QUESTION}/takes/${TAKE}`;
  const recordingPath = `/interviews/${INTERVIEW}/recordings/${RECORDING}`;

  describe("a take's and a recording's transcript", () => {
    it('answers the transcript the service rendered, asked as the caller for the take and for the recording', async () => {
      answer = () => json(TRANSCRIPT);
      expect(await request('GET', `${takePath}/transcript`)).toMatchObject({ status: 200, body: TRANSCRIPT });
      expect(await request('GET', `${recordingPath}/transcript`)).toMatchObject({ status: 200, body: TRANSCRIPT });
      expect(fake.calls).toEqual([
        {
          call: 'transcription.getTranscript',
          request: { interview_uuid: INTERVIEW, question_uuid: QUESTION, take_uuid: TAKE },
          principal: expect.objectContaining({ userUuid: 'u' }),
        },
        {
          call: 'transcription.getTranscript',
          request: { interview_uuid: INTERVIEW, recording_uuid: RECORDING },
          principal: expect.objectContaining({ userUuid: 'u' }),
        },
      ]);
    });

    it('asks for a transcription with POST: 202 and the pending transcript; 409 api.transcription_off as the service says', async () => {
      const pending = { ...TRANSCRIPT, status: 'pending', text: '', segments: [] };
      answer = () => json(pending);
      expect(await request('POST', `${takePath}/transcript`)).toMatchObject({ status: 202, body: pending });
      expect(await request('POST', `${recordingPath}/transcript`)).toMatchObject({ status: 202, body: pending });
      expect(fake.calls.map((c) => c.call)).toEqual(['transcription.requestTranscript', 'transcription.requestTranscript']);
      answer = () => {
        throw new AppError(ErrorKind.Conflict, 'api.transcription_off', 'Transcription is off for this company');
      };
      expectRefusal(await request('POST', `${takePath}/transcript`), 409, 'api.transcription_off');
    });

    it('serves the captions as text/vtt in UTF-8, never cached; a transcript not done is a JSON 404', async () => {
      answer = () => ({ vtt: VTT });
      for (const path of [`${takePath}/captions.vtt`, `${recordingPath}/captions.vtt`]) {
        expect(await request('GET', path)).toEqual({ status: 200, type: 'text/vtt; charset=utf-8', cacheControl: 'no-store', body: VTT });
      }
      expect(fake.calls.map((c) => c.call)).toEqual(['transcription.getCaptions', 'transcription.getCaptions']);
      answer = () => {
        throw notReady();
      };
      expectRefusal(await request('GET', `${takePath}/captions.vtt`), 404, 'api.transcript_not_ready');
    });

    it('names a path uuid that cannot exist as not found (as every route does) and asks nothing', async () => {
      for (const [method, path] of [
        ['GET', `/interviews/nope/questions/${QUESTION}/takes/${TAKE}/transcript`],
        ['POST', `/interviews/${INTERVIEW}/questions/${QUESTION}/takes/${TAKE.slice(1)}/transcript`],
        ['GET', `/interviews/${INTERVIEW}/questions/x/takes/${TAKE}/captions.vtt`],
        ['POST', `/interviews/${INTERVIEW}/recordings/1/transcript`],
        ['GET', `/interviews/${INTERVIEW}/recordings/${RECORDING}0/captions.vtt`],
      ]) {
        expectRefusal(await request(method, path), 404, 'api.not_found');
      }
      expect(fake.calls).toEqual([]);
    });

    it('answers 405 for a method a path does not have', async () => {
      expectRefusal(await request('POST', `${takePath}/captions.vtt`), 405, 'api.method_not_allowed');
      expectRefusal(await request('DELETE', `${recordingPath}/transcript`), 405, 'api.method_not_allowed');
      expect(fake.calls).toEqual([]);
    });
  });

  describe('the settings', () => {
    it('reads them, and changes them with exactly {transcription: boolean}', async () => {
      answer = () => json(SETTINGS);
      expect(await request('GET', '/settings')).toMatchObject({ status: 200, body: SETTINGS });
      expect(await request('PUT', '/settings', '{"transcription":true}')).toMatchObject({ status: 200, body: SETTINGS });
      expect(await request('PUT', '/settings', '{"transcription":false}')).toMatchObject({ status: 200 });
      expect(fake.calls.map(({ call, request }) => ({ call, request }))).toEqual([
        { call: 'transcription.getSettings', request: {} },
        { call: 'transcription.updateSettings', request: { transcription: true } },
        { call: 'transcription.updateSettings', request: { transcription: false } },
      ]);
    });

    // Every row has all three: jest takes a test function with more parameters than its row as one awaiting `done`.
    it.each<[string, string | undefined, string]>([
      ['no body', undefined, 'application/json'],
      ['an empty object', '{}', 'application/json'],
      ['a string for the boolean', '{"transcription":"true"}', 'application/json'],
      ['a number for the boolean', '{"transcription":1}', 'application/json'],
      ['null for the boolean', '{"transcription":null}', 'application/json'],
      ['another field beside it', '{"transcription":true,"recording":true}', 'application/json'],
      ['an array', '[{"transcription":true}]', 'application/json'],
      ['the right JSON sent as text', '{"transcription":true}', 'text/plain'],
      ['a form', 'transcription=true', 'application/x-www-form-urlencoded'],
    ])('refuses %s with 400 api.validation_failed and changes nothing', async (_name, body, contentType) => {
      const answered = await request('PUT', '/settings', body, contentType);
      expectRefusal(answered, 400, 'api.validation_failed');
      expect(answered.body.errors.length).toBeGreaterThan(0);
      expect(fake.calls).toEqual([]);
    });

    it('refuses bytes that are no JSON as every route does (400 api.malformed_json), changing nothing', async () => {
      expectRefusal(await request('PUT', '/settings', '{"transcription":tru'), 400, 'api.malformed_json');
      expect(fake.calls).toEqual([]);
    });

    it('passes on what the service refuses: 403 for a user who is not an administrator', async () => {
      answer = () => {
        throw new AppError(ErrorKind.PermissionDenied, 'api.administrator_required', 'This action requires an administrator');
      };
      expectRefusal(await request('PUT', '/settings', '{"transcription":true}'), 403, 'api.administrator_required');
    });
  });

  describe('GET /interviews?q=', () => {
    const page = { count: 0, total: 0, items_json: Buffer.from('[]'), share_link_uuids: [] };

    it('passes the words, trimmed, to ListInterviews with the list parameters; without q, no q', async () => {
      answer = () => page;
      expect((await request('GET', `/interviews?q=${encodeURIComponent('  Kubernetes  operators ')}&status[]=completed&range=0-9`)).status).toBe(200);
      expect((await request('GET', '/interviews')).status).toBe(200);
      expect(fake.calls.map((c) => c.request)).toEqual([
        { types: [], statuses: ['completed'], orderby: 'scheduled_desc', range_from: 0, range_to: 9, q: 'Kubernetes  operators' },
        { types: [], statuses: [], orderby: 'scheduled_desc', range_from: 0, range_to: 49 },
      ]);
    });

    it('takes 200 characters, counting each emoji as one', async () => {
      answer = () => page;
      expect((await request('GET', `/interviews?q=${encodeURIComponent('🙂'.repeat(200))}`)).status).toBe(200);
      expect(fake.calls[0].request.q).toBe('🙂'.repeat(200));
    });

    it.each<[string, string]>([
      ['an empty q', 'q='],
      ['a q of spaces only', `q=${encodeURIComponent('   ')}`],
      ['201 characters', `q=${'k'.repeat(201)}`],
      ['q twice', 'q=kubernetes&q=go'],
    ])('refuses %s with 400 api.validation_failed naming q, asking nothing', async (_name, query) => {
      const answered = await request('GET', `/interviews?${query}`);
      expectRefusal(answered, 400, 'api.validation_failed');
      expect(answered.body.errors).toEqual([{ field: 'q', reason: expect.any(String), code: expect.any(String) }]);
      expect(fake.calls).toEqual([]);
    });

    it('names a bad q with the other bad parameters in one 400', async () => {
      const answered = await request('GET', `/interviews?orderby=rating_desc&q=`);
      expect(answered.body.errors.map((e: { field: string }) => e.field)).toEqual(['orderby', 'q']);
      expect(fake.calls).toEqual([]);
    });
  });

  describe("a share link's captions", () => {
    it('asks sharing with the token for a take or a recording, as the gateway, and serves text/vtt', async () => {
      answer = () => ({ vtt: VTT });
      expect(await request('GET', `/public/share/${TOKEN}/takes/${TAKE}/captions.vtt`)).toEqual({
        status: 200,
        type: 'text/vtt; charset=utf-8',
        cacheControl: 'no-store',
        body: VTT,
      });
      expect((await request('GET', `/public/share/${TOKEN}/recordings/${RECORDING}/captions.vtt`)).status).toBe(200);
      expect(fake.calls).toEqual([
        { call: 'sharing.getSharedCaptions', request: { token: TOKEN, take_uuid: TAKE }, principal: { kind: 'service', service: 'gateway' } },
        { call: 'sharing.getSharedCaptions', request: { token: TOKEN, recording_uuid: RECORDING }, principal: { kind: 'service', service: 'gateway' } },
      ]);
    });

    it("answers sharing's refusals as JSON, and a take uuid that cannot exist as not found without asking", async () => {
      answer = () => {
        throw notReady();
      };
      expectRefusal(await request('GET', `/public/share/${TOKEN}/takes/${TAKE}/captions.vtt`), 404, 'api.transcript_not_ready');
      fake.calls.length = 0;
      expectRefusal(await request('GET', `/public/share/${TOKEN}/takes/not-a-take/captions.vtt`), 404, 'api.not_found');
      expect(fake.calls).toEqual([]);
    });
  });
});
