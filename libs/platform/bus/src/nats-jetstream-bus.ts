import {
  AckPolicy,
  DeliverPolicy,
  jetstream,
  jetstreamManager,
  type ConsumerMessages,
  type JetStreamClient,
  type JetStreamManager,
  type JsMsg,
} from '@nats-io/jetstream';
import { headers as natsHeaders, type Msg, type NatsConnection } from '@nats-io/nats-core';
import { connect } from '@nats-io/transport-node';
import type { Logger } from 'pino';
import { consumerDeliveries, consumerRedeliveries } from './bus-metrics';
import type { BusMessage, ConsumeOptions, EventBus, SubscribeOptions, Subscription, TransientHandler } from './event-bus';
import { handleDelivered, handleDeliveredBatch, traceOfHeaders } from './message-tracing';

export interface NatsBusOptions {
  url: string;
  /** First subject token and stream name; a test run sets its own to stay isolated. */
  streamRoot: string;
  logger: Logger;
  /** Broken handlers are retried with these delays (ms), capped at the last one. */
  redeliveryDelaysMs?: number[];
  /** An operator's replay (EVENT_REPLAY_FROM): durables created by this process start here instead of at its start. */
  replayFrom?: Date;
}

const CORRELATION_HEADER = 'X-Correlation-Id';
/** Messages a pull asks for at a time, and the most a batch handler is given at once. */
const MAX_BATCH = 64;

/**
 * JetStream adapter: one stream `<ROOT>` holding `<root>.>`; publish waits for
 * the stream's ack and sets the event id as message id (de-duplicated within
 * the duplicate window); durable pull consumers with explicit acks.
 */
export class NatsJetStreamBus implements EventBus {
  private readonly subscriptions = new Set<Subscription>();

  private constructor(
    private readonly connection: NatsConnection,
    private readonly js: JetStreamClient,
    private readonly jsm: JetStreamManager,
    private readonly options: NatsBusOptions,
    private readonly connectedAt: Date,
  ) {}

  static async connect(options: NatsBusOptions): Promise<NatsJetStreamBus> {
    // noAsyncTraces: the client would otherwise make an Error (capturing a stack) for every request, so for every
    // JetStream publish, only to name the caller should that request fail (decision 055).
    const connection = await connect({ servers: options.url, name: options.streamRoot, maxReconnectAttempts: -1, noAsyncTraces: true });
    const jsm = await jetstreamManager(connection);
    const bus = new NatsJetStreamBus(connection, jetstream(connection), jsm, options, new Date());
    await bus.ensureStream();
    return bus;
  }

  get streamName(): string {
    return this.options.streamRoot.toUpperCase().replace(/[^A-Z0-9_-]/g, '_');
  }

  private wire(subject: string): string {
    return `${this.options.streamRoot}.${subject}`;
  }

  private unwire(subject: string): string {
    return subject.slice(this.options.streamRoot.length + 1);
  }

  private async ensureStream(): Promise<void> {
    const config = {
      name: this.streamName,
      subjects: [`${this.options.streamRoot}.>`],
      max_age: 7 * 24 * 3600 * 1e9,
      duplicate_window: 5 * 60 * 1e9,
    };
    try {
      await this.jsm.streams.info(this.streamName);
    } catch {
      try {
        await this.jsm.streams.add(config);
      } catch (error) {
        // Another replica created it between our info and add.
        await this.jsm.streams.info(this.streamName).catch(() => {
          throw error;
        });
      }
    }
  }

  async publish(message: BusMessage): Promise<void> {
    const { trace, ...body } = message;
    const hdrs = natsHeaders();
    if (message.correlationId) hdrs.set(CORRELATION_HEADER, message.correlationId);
    // Trace context travels in headers only (traceparent, tracestate), where tracing tools look for it.
    for (const [name, value] of Object.entries(trace ?? {})) hdrs.set(name, value);
    await this.js.publish(this.wire(message.subject), JSON.stringify(body), { msgID: message.id, headers: hdrs });
  }

  /** The message as handlers see it: the body, our subject, and the trace context from its headers. */
  private decode(m: { json<T>(): T; subject: string; headers?: { get(name: string): string } }): BusMessage {
    return { ...m.json<BusMessage>(), subject: this.unwire(m.subject), trace: traceOfHeaders((name) => m.headers?.get(name)) };
  }

  async consume(options: ConsumeOptions): Promise<Subscription> {
    // One durable consumer per subject pattern: servers before 2.10 (Debian's
    // 2.9 among them) accept a single filter subject per consumer.
    const parts = await Promise.all(options.subjects.map((subject) => this.consumeOne(options, subject)));
    const subscription: Subscription = {
      close: async () => {
        await Promise.all(parts.map((part) => part.close()));
        this.subscriptions.delete(subscription);
      },
    };
    this.subscriptions.add(subscription);
    return subscription;
  }

  private async consumeOne(options: ConsumeOptions, subject: string): Promise<Subscription> {
    const token = subject.replace(/\./g, '_').replace(/\*/g, 'any').replace(/>/g, 'all');
    const durable = `${options.durable}__${token}`.replace(/[^A-Za-z0-9_-]/g, '_');
    try {
      await this.jsm.consumers.info(this.streamName, durable);
    } catch {
      // A durable that does not exist yet (a service deployed for the first time) starts when this process
      // connected, not at the oldest retained event: what happened before it existed is not its to act on (old
      // invitations would be sent again). An existing durable keeps its position. See docs/decisions/006.
      await this.jsm.consumers.add(this.streamName, {
        durable_name: durable,
        ack_policy: AckPolicy.Explicit,
        deliver_policy: DeliverPolicy.StartTime,
        opt_start_time: (this.options.replayFrom ?? this.connectedAt).toISOString(),
        filter_subject: this.wire(subject),
        ack_wait: 60 * 1e9,
        max_deliver: -1,
      });
    }
    const consumer = await this.js.consumers.get(this.streamName, durable);
    const messages: ConsumerMessages = await consumer.consume({ max_messages: MAX_BATCH });
    // Reading and handling apart: what arrives while a handler runs waits here, and is handed over together next
    // when the consumer has a batch handler (decision 051). The server bounds it (the consumer's unacknowledged limit).
    const waiting: JsMsg[] = [];
    let wake: (() => void) | undefined;
    let reading = true;
    const read = (async () => {
      for await (const m of messages) {
        waiting.push(m);
        wake?.();
      }
      reading = false;
      wake?.();
    })();
    const handle = (async () => {
      for (;;) {
        if (waiting.length > 0) await this.handle(options, waiting.splice(0, options.batchHandler ? MAX_BATCH : 1));
        else if (!reading) return;
        else await new Promise<void>((resolve) => (wake = resolve));
      }
    })();
    return {
      close: async () => {
        await messages.close();
        await Promise.all([read, handle]);
        // Only once the server has taken the unsubscribe (a flush's round trip) is the closed pull no longer a
        // place to deliver to: an event published after close() waits for the next consumer of this durable
        // instead of going to the closed one and coming back only after ack_wait (60 s).
        await this.connection.flush().catch(() => undefined);
      },
    };
  }

  /** Handles what was taken together: as one batch when the consumer has a batch handler, else (or when it failed) one by one. */
  private async handle(options: ConsumeOptions, taken: JsMsg[]): Promise<void> {
    const decoded: Array<{ m: JsMsg; message: BusMessage }> = [];
    for (const m of taken) {
      try {
        decoded.push({ m, message: this.decode(m) });
      } catch (error) {
        this.options.logger.error({ err: error, subject: m.subject }, 'undecodable message; terminated');
        m.term();
        continue;
      }
      if (m.info.deliveryCount > 1) consumerRedeliveries.inc({ durable: options.durable });
    }
    if (decoded.length > 1 && options.batchHandler) {
      try {
        await handleDeliveredBatch(
          decoded.map((d) => d.message),
          options.batchHandler,
          { consumer: options.durable, system: 'nats' },
        );
        for (const { m } of decoded) m.ack();
        consumerDeliveries.inc({ durable: options.durable, outcome: 'handled' }, decoded.length);
        return;
      } catch (error) {
        this.options.logger.warn({ err: error, durable: options.durable, count: decoded.length }, 'batch handler failed; handling its messages one by one');
      }
    }
    for (const { m, message } of decoded) await this.handleOne(options, m, message);
  }

  private async handleOne(options: ConsumeOptions, m: JsMsg, message: BusMessage): Promise<void> {
    const delays = this.options.redeliveryDelaysMs ?? [1_000, 5_000, 30_000];
    try {
      await handleDelivered(message, options.handler, { consumer: options.durable, system: 'nats' });
      m.ack();
      consumerDeliveries.inc({ durable: options.durable, outcome: 'handled' });
    } catch (error) {
      consumerDeliveries.inc({ durable: options.durable, outcome: 'failed' });
      const delay = delays[Math.min(m.info.deliveryCount - 1, delays.length - 1)];
      this.options.logger.warn({ err: error, subject: message.subject, id: message.id, delay }, 'handler failed; will redeliver');
      m.nak(delay);
    }
  }

  async subscribe(options: SubscribeOptions): Promise<Subscription> {
    // JetStream publishes are ordinary NATS messages: a core subscription sees
    // every new one in every replica, which is exactly broadcast semantics.
    return this.coreSubscription(
      options.subjects.map((subject) => this.wire(subject)),
      (m) => {
        const message = this.decode(m);
        handleDelivered(message, options.handler, { system: 'nats' }).catch((e: unknown) => this.options.logger.warn({ err: e }, 'subscriber failed'));
      },
    );
  }

  /** Core NATS subscriptions to `wired` subjects, closed together; a message that cannot be decoded is dropped. */
  private coreSubscription(wired: string[], deliver: (m: Msg) => void): Subscription {
    const subs = wired.map((subject) =>
      this.connection.subscribe(subject, {
        callback: (error, m) => {
          if (error) return;
          try {
            deliver(m);
          } catch {
            return;
          }
        },
      }),
    );
    const subscription: Subscription = {
      close: async () => {
        subs.forEach((s) => s.unsubscribe());
        this.subscriptions.delete(subscription);
      },
    };
    this.subscriptions.add(subscription);
    return subscription;
  }

  /** Transient subjects live outside `<root>.>`, so the stream never stores them. */
  private transientWire(subject: string): string {
    return `_transient.${this.options.streamRoot}.${subject}`;
  }

  sendTransient(subject: string, payload: unknown): void {
    this.connection.publish(this.transientWire(subject), JSON.stringify(payload));
  }

  async subscribeTransient(subjects: string[], handler: TransientHandler): Promise<Subscription> {
    const prefix = this.transientWire('');
    const subscription = this.coreSubscription(
      subjects.map((subject) => this.transientWire(subject)),
      (m) => handler(m.subject.slice(prefix.length), m.json()),
    );
    // Subscribed once the server has it: a message sent right after this resolves is not lost.
    await this.connection.flush();
    return subscription;
  }

  /** Removes this root's stream; for test runs that created their own. */
  async idle(): Promise<boolean> {
    for await (const consumer of this.jsm.consumers.list(this.streamName)) {
      if (consumer.num_pending > 0 || consumer.num_ack_pending > 0) return false;
    }
    return true;
  }

  async deleteStream(): Promise<void> {
    await this.jsm.streams.delete(this.streamName).catch(() => undefined);
  }

  async close(): Promise<void> {
    for (const subscription of [...this.subscriptions]) await subscription.close();
    await this.connection.drain();
  }
}
