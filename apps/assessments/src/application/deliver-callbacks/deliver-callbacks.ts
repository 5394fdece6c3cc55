import { randomUUID } from 'node:crypto';
import type { RetryPolicy } from '@vi/platform-http';
import type { Logger } from '@vi/platform-logger';
import type { Clock } from '@vi/platform-time';
import type { AtsAdapters } from '../../domain/ats/adapters';
import { outcomeOf, type Callback } from '../../domain/callback';
import type { Order } from '../../domain/order';
import type { CallbackSender, SecretSealer } from '../ports';
import { orderReport, type ReportDeps } from '../shared/order-report';
import type { AssessmentsStore } from '../store';

export interface CallbackSettings {
  retry: RetryPolicy;
  /** Callbacks taken per pass. */
  batchSize: number;
  /** How long a claimed callback stays this process's (longer than one attempt can take). */
  leaseMs: number;
}

export interface CallbackDeps extends ReportDeps {
  store: AssessmentsStore;
  adapters: AtsAdapters;
  sender: CallbackSender;
  sealer: SecretSealer;
  clock: Clock;
  settings: CallbackSettings;
  logger: Logger;
}

/**
 * Tells ATSs of their orders (decision 071): each pass claims due callbacks (leased, SKIP LOCKED, so replicas and a
 * restart share them), asks the order's adapter for the request, sends it and records the attempt with its retry.
 * Nothing lives only in memory: a process stopped mid-retry leaves the row, and the next one takes it when due.
 */
export class CallbackDispatcher {
  private readonly inFlight = new Set<Promise<void>>();

  constructor(private readonly deps: CallbackDeps) {}

  /** One pass: claim and start attempts (not waiting for them). */
  async pass(): Promise<void> {
    const { settings, store, clock } = this.deps;
    const now = clock.now();
    const claimed = await store.read.callbacks.claimDue({ now, leaseUntil: new Date(now.getTime() + settings.leaseMs), batchSize: settings.batchSize });
    for (const callback of claimed) {
      const attempt = this.attempt(callback);
      this.inFlight.add(attempt);
      void attempt.finally(() => this.inFlight.delete(attempt));
    }
  }

  /** Waits for the attempts under way (each bounded by the timeout). */
  async drain(): Promise<void> {
    await Promise.all([...this.inFlight]);
  }

  private async attempt(callback: Callback): Promise<void> {
    const { store, sender, logger } = this.deps;
    try {
      const order = await store.read.orders.get(callback.orderUuid);
      if (!order) return;
      const request = await this.requestOf(order, callback);
      const result = typeof request === 'string' ? { ok: false, error: request, durationMs: 0 } : await sender.send(request);
      await this.record(order, callback, result);
    } catch (error) {
      // The lease runs out and the callback is tried again: at least once.
      logger.error({ err: error, callback: callback.uuid }, 'callback attempt could not be made or recorded');
    }
  }

  private async requestOf(order: Order, callback: Callback) {
    const { adapters, store, sealer, clock } = this.deps;
    const adapter = adapters[order.ats];
    const connection = await store.read.connections.find(order.companyUuid, order.ats);
    const report = adapter.needsReport(callback.kind) ? await orderReport(this.deps, order) : undefined;
    return adapter.callbackRequest(order, callback.kind, {
      now: clock.now(),
      report,
      apiKey: connection ? sealer.open(connection.apiKeyCiphertext) : undefined,
    });
  }

  private async record(
    order: Order,
    callback: Callback,
    result: { ok: boolean; statusCode?: number; error?: string; retryAfterMs?: number; durationMs: number },
  ) {
    const now = this.deps.clock.now();
    const attempts = callback.attempts + 1;
    const outcome = outcomeOf(result, attempts, this.deps.settings.retry, now);
    await this.deps.store.transaction((tx) =>
      tx.callbacks.recordAttempt(
        callback.uuid,
        {
          attempts,
          statusCode: result.statusCode ?? null,
          error: result.error ?? null,
          ...(outcome.kind === 'delivered' ? { deliveredAt: now } : outcome.kind === 'given_up' ? { givenUpAt: now } : { dueAt: outcome.at }),
        },
        {
          uuid: randomUUID(),
          callbackUuid: callback.uuid,
          orderUuid: order.uuid,
          companyUuid: order.companyUuid,
          ats: order.ats,
          attemptedAt: now,
          statusCode: result.statusCode ?? null,
          error: result.error ?? null,
        },
      ),
    );
  }
}
