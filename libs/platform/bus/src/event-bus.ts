import type { TraceHeaders } from '@vi/platform-tracing';

/** One domain event as it travels on the bus. */
export interface BusMessage<P = unknown> {
  /** Event id: the outbox row id, the JetStream message id, the consumers' idempotency key. */
  id: string;
  /** `<service>.<entity>.<past-tense-verb>`, without the stream root. */
  subject: string;
  occurredAt: string;
  correlationId?: string;
  /** W3C trace context of the span that published it (message headers on NATS); consumers' spans are its children. */
  trace?: TraceHeaders;
  payload: P;
}

export type MessageHandler = (message: BusMessage) => Promise<void>;

/** Several messages of one durable consumer handled as one unit (decision 051). */
export type BatchHandler = (messages: BusMessage[]) => Promise<void>;

export interface Subscription {
  close(): Promise<void>;
}

export interface ConsumeOptions {
  /** Name shared by every replica of one consumer: each message is handled by one of them. */
  durable: string;
  /** NATS-style patterns (`identity.>`, `jobs.job.*`). */
  subjects: string[];
  handler: MessageHandler;
  /**
   * Optional, for consumers whose work per message is mostly round trips: the messages already waiting when the
   * consumer is free (at most 64, in stream order) are handed over together, and every one of them is acknowledged
   * only once it resolves, so it commits their effects before resolving (ack after commit). Idempotent on each
   * message's id, like `handler`. When it throws, each message of the batch is handled again alone by `handler`,
   * so a message that cannot be handled holds up only itself. The JetStream adapter uses it when more than one
   * message waits; the in-process bus always calls `handler`.
   */
  batchHandler?: BatchHandler;
}

export interface SubscribeOptions {
  subjects: string[];
  handler: MessageHandler;
}

/**
 * The event bus every service uses: NATS JetStream when `NATS_URL` is set, the
 * in-process adapter otherwise.
 */
export interface EventBus {
  /** Publishes durably; the same id published twice is stored once. */
  publish(message: BusMessage): Promise<void>;
  /**
   * Durable work-queue consumption: each message is handled once per durable
   * name and redelivered until the handler resolves, so handlers must be
   * idempotent on `message.id`. A durable that does not exist yet starts with
   * the events published since this process connected to the bus (or since
   * the operator's `replayFrom`), never with older retained ones.
   */
  consume(options: ConsumeOptions): Promise<Subscription>;
  /**
   * Broadcast: every subscriber in every process sees messages published from
   * now on, at most once (for cache invalidation, not for work).
   */
  subscribe(options: SubscribeOptions): Promise<Subscription>;
  /**
   * Transient messages between processes, never stored and delivered at most once to every process subscribed at
   * that moment (core NATS subjects outside the event stream; in-process under `npm start`): what only matters
   * now, such as a live call's signaling relayed between gateway replicas (decision 039). Not domain events.
   */
  sendTransient(subject: string, payload: unknown): void;
  subscribeTransient(subjects: string[], handler: TransientHandler): Promise<Subscription>;
  /**
   * True when every durable consumer has handled (acknowledged) everything published to it so far, none waiting for
   * a redelivery: with every outbox relayed, the system has acted on every event. The end-to-end specs' barrier.
   */
  idle(): Promise<boolean>;
  close(): Promise<void>;
}

export type TransientHandler = (subject: string, payload: unknown) => void;

/** NATS subject matching: `*` matches one token, a trailing `>` one or more. */
export function subjectMatches(pattern: string, subject: string): boolean {
  const p = pattern.split('.');
  const s = subject.split('.');
  for (let i = 0; i < p.length; i++) {
    if (p[i] === '>') return s.length > i;
    if (i >= s.length) return false;
    if (p[i] !== '*' && p[i] !== s[i]) return false;
  }
  return p.length === s.length;
}
