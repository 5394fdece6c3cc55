import { z } from 'zod';
import { ConfigError, parseEnv } from './index';
import { serviceEnv, upstreamsEnv } from './service-env';

const SECRET = 's'.repeat(32);

/** The variables a schema asks of the environment: every key of its shape, read through a recording environment. */
function variablesRead(schema: z.ZodType): string[] {
  const read = new Set<string>();
  schema.safeParse(new Proxy({}, { get: (_, key) => (typeof key === 'string' && /^[A-Z]/.test(key) ? void read.add(key) : undefined) }));
  return [...read].sort();
}

describe('serviceEnv', () => {
  it('reads the variables every service shares, and only those its options name', () => {
    const jobs = serviceEnv('jobs', { upstreams: ['identity'], outbox: true });
    const notifications = serviceEnv('notifications', { upstreams: ['identity', 'sharing'], processedEvents: true, eventReplay: true, publicBaseUrl: true });

    expect(variablesRead(z.object(jobs.env))).toEqual(
      [
        'DATABASE_URL',
        'DATA_DIR',
        'EVENT_STREAM',
        'IDENTITY_GRPC_URL',
        'INTERNAL_JWT_SECRET',
        'JOBS_GRPC_PORT',
        'JOBS_HEALTH_PORT',
        'NATS_URL',
        'OUTBOX_POLL_MS',
        'OUTBOX_RETENTION',
        'RETENTION_SWEEP_INTERVAL',
      ].sort(),
    );
    expect(variablesRead(z.object(notifications.env))).toEqual(
      [
        'DATABASE_URL',
        'DATA_DIR',
        'EVENT_REPLAY_FROM',
        'EVENT_STREAM',
        'IDENTITY_GRPC_URL',
        'INTERNAL_JWT_SECRET',
        'NATS_URL',
        'NOTIFICATIONS_GRPC_PORT',
        'NOTIFICATIONS_HEALTH_PORT',
        'PROCESSED_EVENT_RETENTION',
        'PUBLIC_BASE_URL',
        'RETENTION_SWEEP_INTERVAL',
        'SHARING_GRPC_URL',
      ].sort(),
    );
  });

  it('makes the same config shape with the documented defaults', () => {
    const sut = serviceEnv('interviews', { upstreams: ['identity', 'jobs'], outbox: true, processedEvents: true, publicBaseUrl: true });

    const config = sut.configOf(parseEnv(z.object(sut.env), { INTERNAL_JWT_SECRET: SECRET }));

    expect(config).toEqual({
      grpcPort: 50053,
      healthPort: 9103,
      upstreams: { identity: '127.0.0.1:50051', jobs: '127.0.0.1:50052' },
      database: { url: undefined, dataDir: './data/interviews' },
      bus: { natsUrl: undefined, streamRoot: 'events' },
      secrets: { internalJwt: SECRET },
      retention: { outboxMs: 86_400_000, processedEventsMs: 14 * 86_400_000, sweepIntervalMs: 600_000 },
      outboxPollMs: 500,
      publicBaseUrl: 'http://localhost:8080',
    });
  });

  it('takes what the environment sets: ports, addresses, servers, a replay start, a base URL without its trailing slash', () => {
    const sut = serviceEnv('sharing', { upstreams: ['interviews'], eventReplay: true, publicBaseUrl: true });

    const config = sut.configOf(
      parseEnv(z.object(sut.env), {
        INTERNAL_JWT_SECRET: SECRET,
        SHARING_GRPC_PORT: '0',
        SHARING_HEALTH_PORT: '19104',
        INTERVIEWS_GRPC_URL: 'ipv4:127.0.0.1:50053,127.0.0.1:50063',
        DATABASE_URL: 'postgres://db/vi',
        DATA_DIR: '/var/vi',
        NATS_URL: 'nats://bus:4222',
        EVENT_STREAM: 'staging',
        EVENT_REPLAY_FROM: '2026-11-20T00:00:00+00:00',
        PUBLIC_BASE_URL: 'https://interviews.example.com/',
        RETENTION_SWEEP_INTERVAL: '1m',
      }),
    );

    expect(config).toMatchObject({
      grpcPort: 0,
      healthPort: 19104,
      upstreams: { interviews: 'ipv4:127.0.0.1:50053,127.0.0.1:50063' },
      database: { url: 'postgres://db/vi', dataDir: '/var/vi/sharing' },
      bus: { natsUrl: 'nats://bus:4222', streamRoot: 'staging', replayFrom: new Date('2026-11-20T00:00:00Z') },
      retention: { sweepIntervalMs: 60_000 },
      publicBaseUrl: 'https://interviews.example.com',
    });
  });

  it('refuses a bad environment naming each variable, with the messages the services always gave', () => {
    const sut = serviceEnv('identity', { outbox: true });

    const parsing = () =>
      parseEnv(z.object(sut.env), { INTERNAL_JWT_SECRET: 'short', IDENTITY_GRPC_PORT: '70000', EVENT_STREAM: 'Not-A-Name', OUTBOX_RETENTION: 'soon' });

    expect(parsing).toThrow(ConfigError);
    expect(() => parsing()).toThrow(
      expect.objectContaining({
        problems: expect.arrayContaining([
          'INTERNAL_JWT_SECRET: must be at least 32 characters',
          expect.stringMatching(/^IDENTITY_GRPC_PORT: /),
          expect.stringMatching(/^EVENT_STREAM: /),
          'OUTBOX_RETENTION: must be a duration such as 500ms, 5s, 10m, 2h or 1d',
        ]),
      }),
    );
  });
});

describe('upstreamsEnv', () => {
  it("defaults each service's address to its own port on 127.0.0.1", () => {
    const e = parseEnv(z.object(upstreamsEnv(['identity', 'notifications'])), {});
    expect(e).toEqual({ IDENTITY_GRPC_URL: '127.0.0.1:50051', NOTIFICATIONS_GRPC_URL: '127.0.0.1:50055' });
  });
});
