import { z } from 'zod';
import { booleanFlag, duration, durationList, optionalString, optionalTimestamp, port, positiveInt, secret, withDefault } from './schemas';

/**
 * Where each service listens when nothing says otherwise (`<NAME>_GRPC_PORT`, `<NAME>_HEALTH_PORT`), and so where
 * the others reach it by default (`<NAME>_GRPC_URL`): one fact, written once.
 */
export const SERVICE_PORTS = {
  identity: { grpc: 50051, health: 9101 },
  jobs: { grpc: 50052, health: 9102 },
  interviews: { grpc: 50053, health: 9103 },
  sharing: { grpc: 50054, health: 9104 },
  notifications: { grpc: 50055, health: 9105 },
  evaluations: { grpc: 50056, health: 9106 },
  assessments: { grpc: 50057, health: 9107 },
  transcription: { grpc: 50058, health: 9108 },
} as const;

export type ServiceName = keyof typeof SERVICE_PORTS;

/** The variables of a service's own ports (`IDENTITY_GRPC_PORT`, `IDENTITY_HEALTH_PORT`). */
export const portVariables = <N extends ServiceName>(name: N) => {
  const prefix = name.toUpperCase() as Uppercase<N>;
  return { grpc: `${prefix}_GRPC_PORT` as const, health: `${prefix}_HEALTH_PORT` as const };
};

/** The variable that names where another service is reached (`IDENTITY_GRPC_URL`). */
export const upstreamVariable = <N extends ServiceName>(name: N) => `${name.toUpperCase() as Uppercase<N>}_GRPC_URL` as const;

/** The event bus every process uses: NATS when `NATS_URL` is set, in-process otherwise. */
export const busEnv = {
  NATS_URL: optionalString(),
  EVENT_STREAM: withDefault(z.string().regex(/^[a-z][a-z0-9_]*$/), 'events'),
};

/**
 * Calls to a receiver's URL (notifications' webhooks, assessments' ATS callbacks, decision 071): one retry schedule
 * (with jitter), one cap on a receiver's `Retry-After`, one timeout, one address rule (no private targets unless
 * allowed), read the same way by both services.
 */
export const outboundDeliveryEnv = {
  WEBHOOK_RETRY_SCHEDULE: durationList('5s,5m,30m,2h,5h,10h,10h,24h,24h'),
  WEBHOOK_RETRY_AFTER_MAX: duration('24h'),
  WEBHOOK_TIMEOUT_MS: positiveInt(15_000),
  WEBHOOK_ALLOW_PRIVATE_TARGETS: booleanFlag(false),
};

export interface OutboundDeliveryConfig {
  retryScheduleMs: number[];
  retryAfterMaxMs: number;
  timeoutMs: number;
  allowPrivateTargets: boolean;
}

export function outboundDeliveryOf(e: {
  WEBHOOK_RETRY_SCHEDULE: number[];
  WEBHOOK_RETRY_AFTER_MAX: number;
  WEBHOOK_TIMEOUT_MS: number;
  WEBHOOK_ALLOW_PRIVATE_TARGETS: boolean;
}): OutboundDeliveryConfig {
  return {
    retryScheduleMs: e.WEBHOOK_RETRY_SCHEDULE,
    retryAfterMaxMs: e.WEBHOOK_RETRY_AFTER_MAX,
    timeoutMs: e.WEBHOOK_TIMEOUT_MS,
    allowPrivateTargets: e.WEBHOOK_ALLOW_PRIVATE_TARGETS,
  };
}

/** Signs and checks the principal of every internal call. */
export const internalJwtEnv = { INTERNAL_JWT_SECRET: secret() };

/** The origin the public links (set-password, candidate, share) and the web pages are built on. */
export const publicBaseUrlEnv = { PUBLIC_BASE_URL: withDefault(z.url(), 'http://localhost:8080') };

/** A base URL as the links are built on it: without a trailing `/`. */
export const baseUrlOf = (url: string): string => url.replace(/\/$/, '');

/**
 * How long each service keeps its bus tables (decision 019), swept every `RETENTION_SWEEP_INTERVAL`: published
 * outbox rows (services that publish) and the consumers' ledger of handled events (services that consume). A
 * service reads the variables of the tables it has, and no other (docs/configuration.md is checked against them).
 */
export const retentionSweepEnv = { RETENTION_SWEEP_INTERVAL: duration('10m') };
export const outboxRetentionEnv = { OUTBOX_RETENTION: duration('1d') };
export const processedEventRetentionEnv = { PROCESSED_EVENT_RETENTION: duration('14d') };

export interface BusRetention {
  /** Unset: the service has no outbox. */
  outboxMs?: number;
  /** Unset: the service consumes no events. */
  processedEventsMs?: number;
  sweepIntervalMs: number;
}

export function busRetentionOf(e: { OUTBOX_RETENTION?: number; PROCESSED_EVENT_RETENTION?: number; RETENTION_SWEEP_INTERVAL: number }): BusRetention {
  return { outboxMs: e.OUTBOX_RETENTION, processedEventsMs: e.PROCESSED_EVENT_RETENTION, sweepIntervalMs: e.RETENTION_SWEEP_INTERVAL };
}

/** What sets a service apart in the variables every service shares; each one read only by the services it names. */
export interface ServiceEnvOptions {
  /** The services it calls: `<NAME>_GRPC_URL` each, by default that service's port on 127.0.0.1. */
  readonly upstreams?: readonly ServiceName[];
  /** It publishes through an outbox: `OUTBOX_POLL_MS`, `OUTBOX_RETENTION`. */
  readonly outbox?: boolean;
  /** It keeps a ledger of the events its durable consumers handled: `PROCESSED_EVENT_RETENTION`. */
  readonly processedEvents?: boolean;
  /** Operators may replay retained events into the durables it creates: `EVENT_REPLAY_FROM`. */
  readonly eventReplay?: boolean;
  /** It builds public links: `PUBLIC_BASE_URL`. */
  readonly publicBaseUrl?: boolean;
}

type Flag<O extends ServiceEnvOptions, K extends keyof ServiceEnvOptions> = O[K] extends true ? true : false;
type If<C extends boolean, T> = C extends true ? T : unknown;
type UpstreamsOf<O extends ServiceEnvOptions> = O['upstreams'] extends readonly (infer U extends ServiceName)[] ? U : never;

type PortsShape<N extends ServiceName> = Record<`${Uppercase<N>}_GRPC_PORT` | `${Uppercase<N>}_HEALTH_PORT`, ReturnType<typeof port>>;
type UpstreamsShape<U extends ServiceName> = Record<`${Uppercase<U>}_GRPC_URL`, ReturnType<typeof upstreamUrl>>;
const databaseEnv = { DATABASE_URL: optionalString(), DATA_DIR: withDefault(z.string(), './data') };
const outboxPollEnv = { OUTBOX_POLL_MS: positiveInt(500) };
const eventReplayEnv = { EVENT_REPLAY_FROM: optionalTimestamp() };

/** The zod shape of the variables a service shares with the others, to spread into its own schema. */
export type ServiceEnvShape<N extends ServiceName, O extends ServiceEnvOptions> = PortsShape<N> &
  UpstreamsShape<UpstreamsOf<O>> &
  typeof databaseEnv &
  typeof busEnv &
  typeof internalJwtEnv &
  typeof retentionSweepEnv &
  If<Flag<O, 'outbox'>, typeof outboxPollEnv & typeof outboxRetentionEnv> &
  If<Flag<O, 'processedEvents'>, typeof processedEventRetentionEnv> &
  If<Flag<O, 'eventReplay'>, typeof eventReplayEnv> &
  If<Flag<O, 'publicBaseUrl'>, typeof publicBaseUrlEnv>;

/** The part of every service's config these variables make: the same names and shape in every service. */
export type ServiceConfig<O extends ServiceEnvOptions = ServiceEnvOptions> = {
  grpcPort: number;
  healthPort: number;
  /** Where each service it calls is reached (host:port, or a grpc-js target). */
  upstreams: Record<UpstreamsOf<O>, string>;
  /** `dataDir`: its embedded PGlite when it opens its own (`$DATA_DIR/<service>`). */
  database: { url?: string; dataDir: string };
  /** `replayFrom`: where durables created by this process start (EVENT_REPLAY_FROM); its start otherwise. */
  bus: { natsUrl?: string; streamRoot: string; replayFrom?: Date };
  secrets: { internalJwt: string };
  /** Decision 019: how long its bus tables keep their rows. */
  retention: BusRetention;
} & If<Flag<O, 'outbox'>, { outboxPollMs: number }> &
  If<Flag<O, 'publicBaseUrl'>, { /** Without a trailing `/`. */ publicBaseUrl: string }>;

const upstreamUrl = (name: ServiceName) => withDefault(z.string(), `127.0.0.1:${SERVICE_PORTS[name].grpc}`);

/** `<NAME>_GRPC_URL` of each service named, for a process's own schema (the gateway's). */
export function upstreamsEnv<const U extends ServiceName>(names: readonly U[]): UpstreamsShape<U> {
  return Object.fromEntries(names.map((name) => [upstreamVariable(name), upstreamUrl(name)])) as UpstreamsShape<U>;
}

/** Where each service named is reached, read from the parsed environment. */
export function upstreamsOf<const U extends ServiceName>(names: readonly U[], e: Record<string, unknown>): Record<U, string> {
  return Object.fromEntries(names.map((name) => [name, e[upstreamVariable(name)] as string])) as Record<U, string>;
}

/**
 * The variables every service reads the same way (its ports, the services it calls, its database, the bus, the
 * internal JWT secret, its bus tables' retention), as one shape to spread into its schema and one function that
 * makes the shared part of its config. Names, defaults and error messages are those of docs/configuration.md.
 *
 *     const shared = serviceEnv('sharing', { upstreams: ['identity', 'interviews'], outbox: true, … });
 *     const schema = z.object({ ...shared.env, SHARE_LINK_SECRET: secret() });
 *     return { ...shared.configOf(e), secrets: { internalJwt: e.INTERNAL_JWT_SECRET, shareLink: e.SHARE_LINK_SECRET } };
 */
export function serviceEnv<const N extends ServiceName, const O extends ServiceEnvOptions>(
  name: N,
  options: O,
): { env: ServiceEnvShape<N, O>; configOf(e: z.output<z.ZodObject<ServiceEnvShape<N, O>>>): ServiceConfig<O> } {
  const ports = portVariables(name);
  const upstreams = options.upstreams ?? [];
  const env = {
    [ports.grpc]: port(SERVICE_PORTS[name].grpc),
    [ports.health]: port(SERVICE_PORTS[name].health),
    ...upstreamsEnv(upstreams),
    ...databaseEnv,
    ...busEnv,
    ...(options.eventReplay ? eventReplayEnv : {}),
    ...internalJwtEnv,
    ...(options.publicBaseUrl ? publicBaseUrlEnv : {}),
    ...(options.outbox ? { ...outboxPollEnv, ...outboxRetentionEnv } : {}),
    ...(options.processedEvents ? processedEventRetentionEnv : {}),
    ...retentionSweepEnv,
  };
  const configOf = (parsed: object) => {
    const e = parsed as Record<string, unknown> & {
      DATABASE_URL?: string;
      DATA_DIR: string;
      NATS_URL?: string;
      EVENT_STREAM: string;
      EVENT_REPLAY_FROM?: Date;
      INTERNAL_JWT_SECRET: string;
      PUBLIC_BASE_URL?: string;
      OUTBOX_POLL_MS?: number;
      RETENTION_SWEEP_INTERVAL: number;
    };
    return {
      grpcPort: e[ports.grpc] as number,
      healthPort: e[ports.health] as number,
      upstreams: upstreamsOf(upstreams, e),
      database: { url: e.DATABASE_URL, dataDir: `${e.DATA_DIR}/${name}` },
      bus: { natsUrl: e.NATS_URL, streamRoot: e.EVENT_STREAM, ...(options.eventReplay ? { replayFrom: e.EVENT_REPLAY_FROM } : {}) },
      secrets: { internalJwt: e.INTERNAL_JWT_SECRET },
      retention: busRetentionOf(e),
      ...(options.outbox ? { outboxPollMs: e.OUTBOX_POLL_MS } : {}),
      ...(options.publicBaseUrl ? { publicBaseUrl: baseUrlOf(e.PUBLIC_BASE_URL!) } : {}),
    } as ServiceConfig<O>;
  };
  return { env: env as unknown as ServiceEnvShape<N, O>, configOf };
}
