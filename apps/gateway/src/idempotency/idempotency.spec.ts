import type { AddressInfo } from 'node:net';
import express from 'express';
import { createLogger } from '@vi/platform-logger';
import { errorHandler } from '../http/error-handler';
import { idempotency } from './idempotency';
import { MemoryIdempotencyStore, type IdempotencyStore } from './idempotency-store';

/** A real HTTP server on 127.0.0.1: the middleware in front of a handler whose answers the test chooses. */
async function serve(store: IdempotencyStore, answers: Array<{ status: number; body: unknown }>) {
  const logger = createLogger('test', 'silent');
  const app = express();
  let runs = 0;
  app.use(express.json());
  app.use((_req, res, next) => {
    res.locals.context = { principal: { kind: 'user', userUuid: 'user-1' } };
    next();
  });
  app.use(idempotency({ store, keyPrefix: 'test', sealingSecret: 'a gateway secret for the spec', requestTimeoutMs: 1_000, uploadTimeoutMs: 1_000, logger }));
  app.post('/things', (_req, res) => {
    const answer = answers[Math.min(runs++, answers.length - 1)];
    res.status(answer.status).json(answer.body);
  });
  app.use(errorHandler(logger));
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const post = async (key: string) => {
    const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/things`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': key },
      body: '{"a":1}',
    });
    return { status: response.status, replayed: response.headers.get('idempotent-replayed'), body: await response.json() };
  };
  return { post, runs: () => runs, close: () => new Promise((resolve) => server.close(resolve)) };
}

describe('idempotency', () => {
  const stores: MemoryIdempotencyStore[] = [];
  const memoryStore = () => {
    const store = new MemoryIdempotencyStore();
    stores.push(store);
    return store;
  };
  afterAll(() => stores.forEach((s) => s.close()));

  it('keeps no 5xx: the retry runs again and its success is what is replayed from then on', async () => {
    const sut = await serve(memoryStore(), [
      { status: 503, body: { code: 'api.service_unavailable' } },
      { status: 201, body: { uuid: 'made' } },
    ]);
    expect(await sut.post('k')).toEqual({ status: 503, replayed: null, body: { code: 'api.service_unavailable' } });
    expect(await sut.post('k')).toEqual({ status: 201, replayed: null, body: { uuid: 'made' } });
    expect(await sut.post('k')).toEqual({ status: 201, replayed: 'true', body: { uuid: 'made' } });
    expect(sut.runs()).toBe(2);
    await sut.close();
  });

  it('stores only a sealed outcome: the secret in a body is in no stored record, and the replay still shows it', async () => {
    const written: string[] = [];
    const inner = memoryStore();
    const recording: IdempotencyStore = {
      begin: (key, fingerprint, lockMs) => inner.begin(key, fingerprint, lockMs),
      complete: (key, owner, outcome) => {
        written.push(key, outcome);
        return inner.complete(key, owner, outcome);
      },
      release: (key, owner) => inner.release(key, owner),
    };
    const secret = 'whsec_c2VjcmV0IHRoYXQgbXVzdCBub3QgYmUgc3RvcmVk';
    const sut = await serve(recording, [{ status: 201, body: { secret } }]);
    expect(await sut.post('retry-1')).toEqual({ status: 201, replayed: null, body: { secret } });
    expect(await sut.post('retry-1')).toEqual({ status: 201, replayed: 'true', body: { secret } });
    expect(written).toHaveLength(2);
    expect(JSON.stringify(written)).not.toContain(secret);
    expect(JSON.stringify(written)).not.toContain('retry-1');
    await sut.close();
  });

  it('answers 503 rather than run unprotected when the shared store cannot be reached', async () => {
    const unreachable: IdempotencyStore = {
      begin: () => Promise.reject(new Error("Stream isn't writeable and enableOfflineQueue options is false")),
      complete: () => Promise.resolve(),
      release: () => Promise.resolve(),
    };
    const sut = await serve(unreachable, [{ status: 201, body: { uuid: 'made' } }]);
    const answer = await sut.post('k');
    expect({ status: answer.status, code: (answer.body as { code: string }).code }).toEqual({ status: 503, code: 'api.service_unavailable' });
    expect(sut.runs()).toBe(0);
    await sut.close();
  });
});

describe('MemoryIdempotencyStore', () => {
  it('lets a claim lapse after its lock time, and only its owner settle it', async () => {
    const sut = new MemoryIdempotencyStore();
    const first = await sut.begin('k', 'f', 30);
    expect(first.kind).toBe('started');
    expect(await sut.begin('k', 'f', 30)).toEqual({ kind: 'running', fingerprint: 'f' });
    await new Promise((resolve) => setTimeout(resolve, 40));
    const second = await sut.begin('k', 'f', 1_000);
    expect(second.kind).toBe('started');
    // The lapsed claimant's late answer does not overwrite the new run.
    await sut.complete('k', (first as { owner: string }).owner, 'late');
    expect(await sut.begin('k', 'f', 1_000)).toEqual({ kind: 'running', fingerprint: 'f' });
    sut.close();
  });
});
