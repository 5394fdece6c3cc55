import type { Logger } from 'pino';
import { consumerDeliveries, consumerRedeliveries } from './bus-metrics';
import {
  subjectMatches,
  type BusMessage,
  type ConsumeOptions,
  type EventBus,
  type SubscribeOptions,
  type Subscription,
  type TransientHandler,
} from './event-bus';
import { handleDelivered } from './message-tracing';

const REDELIVERY_DELAYS_MS = [200, 1_000, 5_000, 30_000];

interface DurableConsumer {
  options: ConsumeOptions;
  closed: boolean;
}

/**
 * The embedded bus: one process, no server. It keeps the JetStream semantics
 * the services rely on (de-duplication by id, redelivery until the handler
 * succeeds, broadcast subscriptions) but nothing survives a restart; the
 * outbox re-publishes whatever was not yet relayed.
 */
export class InProcessBus implements EventBus {
  private readonly consumers = new Map<string, DurableConsumer>();
  private readonly subscribers = new Set<SubscribeOptions>();
  private readonly transientSubscribers = new Set<{ subjects: string[]; handler: TransientHandler }>();
  private readonly seenIds = new Set<string>();
  private readonly history: BusMessage[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  /** Deliveries whose handler is running. */
  private handling = 0;

  constructor(private readonly logger?: Logger) {}

  async publish(message: BusMessage): Promise<void> {
    if (this.seenIds.has(message.id)) return;
    this.seenIds.add(message.id);
    this.history.push(message);
    if (this.history.length > 10_000) this.seenIds.delete(this.history.shift()!.id);
    for (const consumer of this.consumers.values()) this.deliver(consumer, message, 0);
    for (const subscriber of this.subscribers) {
      if (subscriber.subjects.some((p) => subjectMatches(p, message.subject))) {
        handleDelivered(message, subscriber.handler).catch((error: unknown) => this.logger?.warn({ err: error }, 'subscriber failed'));
      }
    }
  }

  async consume(options: ConsumeOptions): Promise<Subscription> {
    const existing = this.consumers.get(options.durable);
    if (existing) existing.closed = true;
    const consumer: DurableConsumer = { options, closed: false };
    this.consumers.set(options.durable, consumer);
    // The history holds only what this process published since it started: the same start as a new JetStream
    // durable's (the process's connection), so a consumer registered a moment after a publish still gets it.
    for (const message of this.history) this.deliver(consumer, message, 0);
    return {
      close: async () => {
        consumer.closed = true;
        if (this.consumers.get(options.durable) === consumer) this.consumers.delete(options.durable);
      },
    };
  }

  sendTransient(subject: string, payload: unknown): void {
    // Delivered after the caller's turn, as a NATS message would be, never inside it.
    const copy = JSON.parse(JSON.stringify(payload)) as unknown;
    for (const subscriber of this.transientSubscribers) {
      if (subscriber.subjects.some((p) => subjectMatches(p, subject))) queueMicrotask(() => subscriber.handler(subject, copy));
    }
  }

  async subscribeTransient(subjects: string[], handler: TransientHandler): Promise<Subscription> {
    const subscriber = { subjects, handler };
    this.transientSubscribers.add(subscriber);
    return { close: async () => void this.transientSubscribers.delete(subscriber) };
  }

  async subscribe(options: SubscribeOptions): Promise<Subscription> {
    this.subscribers.add(options);
    return { close: async () => void this.subscribers.delete(options) };
  }

  async idle(): Promise<boolean> {
    return this.timers.size === 0 && this.handling === 0;
  }

  async close(): Promise<void> {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.consumers.clear();
    this.subscribers.clear();
    this.transientSubscribers.clear();
  }

  private deliver(consumer: DurableConsumer, message: BusMessage, attempt: number): void {
    if (consumer.closed || !consumer.options.subjects.some((p) => subjectMatches(p, message.subject))) return;
    const delay = attempt === 0 ? 0 : REDELIVERY_DELAYS_MS[Math.min(attempt - 1, REDELIVERY_DELAYS_MS.length - 1)];
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      if (consumer.closed) return;
      const durable = consumer.options.durable;
      if (attempt > 0) consumerRedeliveries.inc({ durable });
      this.handling++;
      handleDelivered(message, consumer.options.handler, { consumer: durable }).then(
        () => {
          this.handling--;
          consumerDeliveries.inc({ durable, outcome: 'handled' });
        },
        (error: unknown) => {
          this.handling--;
          consumerDeliveries.inc({ durable, outcome: 'failed' });
          this.logger?.warn({ err: error, subject: message.subject, id: message.id, attempt }, 'handler failed; redelivering');
          this.deliver(consumer, message, attempt + 1);
        },
      );
    }, delay);
    this.timers.add(timer);
  }
}
