import { once } from 'node:events';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import pino from 'pino';
import { AppError, ErrorKind, validationFailed } from '@vi/platform-errors';
import { errorHandler } from '../../http/error-handler';
import type { Upstreams } from '../../upstream/upstreams';
import { ashbyRoutes } from './ashby.routes';
import { greenhouseRoutes } from './greenhouse.routes';

/** The assessments service as the routes see it: each call recorded by method name, answered by `answer`. */
function fakeAssessments(answer: (method: string, request: any) => unknown) {
  const calls: Array<{ method: string; request: any }> = [];
  const names = new Proxy({}, { get: (_t, name) => String(name) });
  const upstreams = {
    assessments: {
      call: async (pick: (c: unknown) => unknown, request: unknown) => {
        const method = pick(names) as string;
        calls.push({ method, request });
        return answer(method, request);
      },
    },
  } as unknown as Upstreams;
  return { upstreams, calls };
}

const body = (value: unknown) => ({ json: new Uint8Array(Buffer.from(JSON.stringify(value))) });

describe('the ATS partner routes', () => {
  let server: Server;
  let base: string;
  let fake: ReturnType<typeof fakeAssessments>;
  let answer: (method: string, request: any) => unknown;

  beforeAll(async () => {
    fake = fakeAssessments((method, request) => answer(method, request));
    const app = express();
    app.use(express.json());
    app.use((_req, res, next) => {
      res.locals.context = { principal: { kind: 'user', userUuid: 'u' }, keyUuid: 'k', deadline: new Date(Date.now() + 5_000) };
      next();
    });
    app.use(greenhouseRoutes(fake.upstreams), ashbyRoutes(fake.upstreams));
    app.use(errorHandler(pino({ enabled: false })));
    server = app.listen(0, '127.0.0.1');
    await once(server, 'listening');
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => server.close());
  beforeEach(() => {
    fake.calls.length = 0;
    answer = () => body({});
  });

  const post = async (path: string, json: unknown) => {
    const response = await fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(json) });
    return { status: response.status, body: (await response.json()) as any };
  };

  const sendTest = {
    partner_test_id: '6c1f1b8e-2f44-4f55-9e7a-0b1b2c3d4e5f',
    candidate: {
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.com',
      phone_number: '+44 20 1234 5678',
      preferred_name: null,
      greenhouse_profile_url: 'https://app.greenhouse.io/people/42?application_id=7',
    },
    sent_by: 'recruiter@example.com',
    url: 'https://harvest.greenhouse.io/v1/partner_callbacks/abc',
  };

  it("sends Greenhouse's send_test as the one SendTestRequest, with its url as the callback", async () => {
    answer = () => body({ partner_interview_id: 'x' });
    const sent = await post('/partners/greenhouse/send_test', sendTest);
    expect(sent).toEqual({ status: 200, body: { partner_interview_id: 'x' } });
    expect(fake.calls).toEqual([
      {
        method: 'sendTest',
        request: {
          ats: 'greenhouse',
          test_id: sendTest.partner_test_id,
          candidate: {
            first_name: 'Ada',
            last_name: 'Lovelace',
            preferred_name: undefined,
            email: 'ada@example.com',
            phone: '+44 20 1234 5678',
            profile_url: sendTest.candidate.greenhouse_profile_url,
            resume_url: undefined,
          },
          callback_url: sendTest.url,
          external_id: sendTest.candidate.greenhouse_profile_url,
          sent_by: 'recruiter@example.com',
          ats_fields: {},
        },
      },
    ]);
  });

  it('a missing field is a 400 naming it, and nothing is asked of the service', async () => {
    const { email: _e, ...candidate } = sendTest.candidate;
    const { url: _u, ...withoutUrl } = sendTest;
    const sent = await post('/partners/greenhouse/send_test', { ...withoutUrl, candidate });
    expect(sent.status).toBe(400);
    expect(sent.body).toMatchObject({ code: 'api.validation_failed', lang: 'error.validation_failed' });
    expect(sent.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['candidate.email', 'url']);
    const status = await fetch(`${base}/partners/greenhouse/test_status`);
    expect(status.status).toBe(400);
    expect(((await status.json()) as any).errors).toEqual([expect.objectContaining({ field: 'partner_interview_id' })]);
    expect(fake.calls).toEqual([]);
  });

  it("answers the service's 400 in Greenhouse's field names (callback_url is its url)", async () => {
    answer = () => {
      throw validationFailed([{ field: 'callback_url', reason: 'must not be a private address', code: 'invalid_value' }]);
    };
    const refused = await post('/partners/greenhouse/send_test', sendTest);
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([{ field: 'url', reason: 'must not be a private address', code: 'invalid_value' }]);
  });

  it('asks test_status of the order the query names', async () => {
    answer = () => body({ partner_status: 'requested', partner_profile_url: null, partner_score: null, metadata: {} });
    const response = await fetch(`${base}/partners/greenhouse/test_status?partner_interview_id=abc`);
    expect(response.status).toBe(200);
    expect(fake.calls).toEqual([{ method: 'getTestStatus', request: { ats: 'greenhouse', order_id: 'abc' } }]);
  });

  const start = {
    assessment_type_id: '6c1f1b8e-2f44-4f55-9e7a-0b1b2c3d4e5f',
    candidate: { ashby_id: 'cand-1', first_name: 'Grace', last_name: 'Hopper', email: 'grace@example.com' },
    application: { ashby_id: 'app-1', status: 'Active' },
    job: { ashby_id: 'job-1', name: 'Engineer', req_id: null },
  };

  it("sends Ashby's start with the application as the external id and the ids its updates need", async () => {
    answer = () => body({ success: true, results: { assessment_id: 'y' } });
    expect(await post('/partners/ashby/assessment.start', start)).toEqual({ status: 200, body: { success: true, results: { assessment_id: 'y' } } });
    expect(fake.calls[0]).toEqual({
      method: 'sendTest',
      request: {
        ats: 'ashby',
        test_id: start.assessment_type_id,
        candidate: { first_name: 'Grace', last_name: 'Hopper', email: 'grace@example.com', profile_url: undefined },
        external_id: 'app-1',
        ats_fields: { candidate_id: 'cand-1', application_id: 'app-1', application_status: 'Active', job_id: 'job-1', job_name: 'Engineer' },
      },
    });
  });

  it("answers the service's refusal (422) as Ashby shows it: {message} beside {reason, code, lang}; other errors stay ours", async () => {
    answer = () => {
      throw new AppError(ErrorKind.Unprocessable, 'api.assessment_refused', 'This job takes no more assessments');
    };
    expect(await post('/partners/ashby/assessment.start', start)).toEqual({
      status: 422,
      body: {
        message: 'This job takes no more assessments',
        reason: 'This job takes no more assessments',
        code: 'api.assessment_refused',
        lang: 'error.assessment_refused',
      },
    });
    // A test no longer offered and a plan limit are refusals too; "already being assessed" stays 409.
    for (const [kind, code] of [
      [ErrorKind.NotFound, 'api.assessment_test_not_found'],
      [ErrorKind.PaymentRequired, 'api.plan_no_api_access'],
      [ErrorKind.InvalidArgument, 'api.job_inactive'],
    ] as const) {
      answer = () => {
        throw new AppError(kind, code, 'Not offered');
      };
      expect(await post('/partners/ashby/assessment.start', start)).toMatchObject({ status: 422, body: { message: 'Not offered', code } });
    }
    answer = () => {
      throw new AppError(ErrorKind.NotFound, 'api.assessment_order_not_found', 'No such assessment');
    };
    expect((await post('/partners/ashby/assessment.cancel', { assessment_id: 'x' })).status).toBe(404);
    answer = () => {
      throw new AppError(ErrorKind.Conflict, 'api.assessment_in_progress', 'Already being assessed');
    };
    expect(await post('/partners/ashby/assessment.start', start)).toEqual({
      status: 409,
      body: { reason: 'Already being assessed', code: 'api.assessment_in_progress', lang: 'error.assessment_in_progress' },
    });
    const missing = await post('/partners/ashby/assessment.cancel', {});
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual([expect.objectContaining({ field: 'assessment_id', reason: 'is required' })]);
  });
});
