import type { AttemptResult } from '../application/ports';
import { WebhookEndpointGuards } from './endpoint-guards';

const ok: AttemptResult = { ok: true, statusCode: 200, durationMs: 1 };
const failed: AttemptResult = { ok: false, statusCode: 500, durationMs: 1 };

describe('WebhookEndpointGuards', () => {
  let sut: WebhookEndpointGuards;
  beforeEach(() => {
    sut = new WebhookEndpointGuards({ concurrency: 2, breakerResetMs: 200 });
  });
  afterEach(() => sut.shutdown());

  it('runs at most `concurrency` attempts of one endpoint at a time, others freely', async () => {
    let active = 0;
    let peak = 0;
    const attempt = async () => {
      active++;
      peak = Math.max(peak, active);
      await new Promise((r) => setTimeout(r, 20));
      active--;
      return ok;
    };
    const busy = Array.from({ length: 6 }, () => sut.run('a', attempt));
    await new Promise((r) => setTimeout(r, 5));
    expect(sut.saturated()).toEqual(['a']);
    await expect(sut.run('b', async () => ok)).resolves.toEqual(ok);
    await Promise.all(busy);
    expect(peak).toBe(2);
    expect(sut.saturated()).toEqual([]);
  });

  it('returns failed attempts as results, and opens the breaker of an endpoint that keeps failing', async () => {
    for (let i = 0; i < 5; i++) await expect(sut.run('dead', async () => failed)).resolves.toEqual(failed);
    let called = false;
    await expect(
      sut.run('dead', async () => {
        called = true;
        return ok;
      }),
    ).resolves.toBe('open');
    expect(called).toBe(false);
    await expect(sut.run('alive', async () => ok)).resolves.toEqual(ok);
    // Half-open after the reset time: one trial, and a success closes it.
    await new Promise((r) => setTimeout(r, 250));
    await expect(sut.run('dead', async () => ok)).resolves.toEqual(ok);
    await expect(sut.run('dead', async () => ok)).resolves.toEqual(ok);
  });
});
