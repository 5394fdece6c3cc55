import CircuitBreaker from 'opossum';
import type { AttemptResult, EndpointGuards } from '../application/ports';

class FailedAttempt extends Error {
  constructor(readonly result: AttemptResult) {
    super(result.error ?? 'webhook attempt failed');
  }
}

interface Endpoint {
  breaker: CircuitBreaker<[() => Promise<AttemptResult>], AttemptResult>;
  active: number;
  waiting: Array<() => void>;
}

/**
 * Per-endpoint isolation: at most `concurrency` attempts at a time, and an
 * opossum breaker that opens when half of an endpoint's recent attempts fail,
 * so one slow or dead receiver neither ties up the others nor gets hammered.
 */
export class WebhookEndpointGuards implements EndpointGuards {
  private readonly endpoints = new Map<string, Endpoint>();

  constructor(private readonly options: { concurrency: number; breakerResetMs: number }) {}

  get openForMs(): number {
    return this.options.breakerResetMs;
  }

  saturated(): string[] {
    return [...this.endpoints].filter(([, e]) => e.active >= this.options.concurrency).map(([key]) => key);
  }

  async run(key: string, attempt: () => Promise<AttemptResult>): Promise<AttemptResult | 'open'> {
    const endpoint = this.endpoint(key);
    if (endpoint.breaker.opened) return 'open';
    await this.acquire(endpoint);
    try {
      return await endpoint.breaker.fire(async () => {
        const result = await attempt();
        if (!result.ok) throw new FailedAttempt(result);
        return result;
      });
    } catch (error) {
      if (error instanceof FailedAttempt) return error.result;
      if ((error as { code?: string }).code === 'EOPENBREAKER') return 'open';
      throw error;
    } finally {
      this.release(endpoint);
    }
  }

  shutdown(): void {
    for (const endpoint of this.endpoints.values()) endpoint.breaker.shutdown();
    this.endpoints.clear();
  }

  private endpoint(key: string): Endpoint {
    let endpoint = this.endpoints.get(key);
    if (!endpoint) {
      endpoint = {
        breaker: new CircuitBreaker((operation: () => Promise<AttemptResult>) => operation(), {
          timeout: false,
          errorThresholdPercentage: 50,
          volumeThreshold: 5,
          resetTimeout: this.options.breakerResetMs,
        }),
        active: 0,
        waiting: [],
      };
      this.endpoints.set(key, endpoint);
    }
    return endpoint;
  }

  private async acquire(endpoint: Endpoint): Promise<void> {
    if (endpoint.active < this.options.concurrency) {
      endpoint.active++;
      return;
    }
    await new Promise<void>((resolve) => endpoint.waiting.push(resolve));
  }

  private release(endpoint: Endpoint): void {
    const next = endpoint.waiting.shift();
    if (next) next();
    else endpoint.active--;
  }
}
