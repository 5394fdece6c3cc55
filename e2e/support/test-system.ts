import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { NatsJetStreamBus } from '@vi/platform-bus';
import { createTestDatabase, randomSecret, startS3TestServer, testServers, uniqueName, type TestDatabase } from '@vi/platform-testing';
import { OperatorClient } from '../../tools/admin-cli/src/operator-client';
import { startSystem, type RunningSystem } from '../../tools/launcher/src/system';
import { ApiClient } from './api-client';
import { CandidateLinkIssuer } from './candidate-links';

export interface TestSystem {
  system: RunningSystem;
  env: NodeJS.ProcessEnv;
  /** The database every service's schema lives in (this run's own). */
  database: TestDatabase;
  baseUrl: string;
  operator: OperatorClient;
  /** A fresh invitation link of an interview, as notifications gets it when it sends one. */
  candidateLinks: CandidateLinkIssuer;
  /** The bootstrap company's administrator. */
  admin: ApiClient;
  /** The environment of this system's services, pointing at its own upstream ports (for extra replicas). */
  serviceEnv(overrides?: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
  /** What media storage holds of an interview's take videos (files, objects, unfinished uploads), whichever storage the run uses. */
  storedVideos(interviewUuid: string): Promise<string[]>;
  /** A client with another key on the same gateway. */
  as(apiKey: string | undefined): ApiClient;
  /** Creates a company (plan code) with its administrator; returns the administrator's client. */
  createCompany(plan?: string): Promise<{ companyUuid: string; adminUuid: string; apiKey: string; api: ApiClient }>;
  stop(): Promise<void>;
}

/** Secrets, free ports and quiet logs: what every in-process system under test needs. */
export function baseTestEnv(): NodeJS.ProcessEnv {
  return {
    INTERNAL_JWT_SECRET: randomSecret(),
    API_KEY_HASH_SECRET: randomSecret(),
    API_KEY_ENCRYPTION_KEY: randomSecret(),
    CANDIDATE_TOKEN_SECRET: randomSecret(),
    SHARE_LINK_SECRET: randomSecret(),
    NOTIFICATIONS_ENCRYPTION_KEY: randomSecret(),
    ASSESSMENTS_ENCRYPTION_KEY: randomSecret(),
    IDENTITY_GRPC_PORT: '0',
    IDENTITY_HEALTH_PORT: '0',
    JOBS_GRPC_PORT: '0',
    JOBS_HEALTH_PORT: '0',
    INTERVIEWS_GRPC_PORT: '0',
    INTERVIEWS_HEALTH_PORT: '0',
    SHARING_GRPC_PORT: '0',
    SHARING_HEALTH_PORT: '0',
    NOTIFICATIONS_GRPC_PORT: '0',
    NOTIFICATIONS_HEALTH_PORT: '0',
    EVALUATIONS_GRPC_PORT: '0',
    EVALUATIONS_HEALTH_PORT: '0',
    ASSESSMENTS_GRPC_PORT: '0',
    ASSESSMENTS_HEALTH_PORT: '0',
    TRANSCRIPTION_GRPC_PORT: '0',
    TRANSCRIPTION_HEALTH_PORT: '0',
    // A test's engine (TRANSCRIPTION_URL in its overrides, the stand-in's env()) retries and is polled quickly.
    TRANSCRIPTION_RETRY_BASE_MS: '50',
    TRANSCRIPTION_POLL_MS: '100',
    // Test receivers listen on 127.0.0.1.
    WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
    GATEWAY_PORT: '0',
    GATEWAY_HEALTH_PORT: '0',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent',
  };
}

/**
 * The whole product in this process, as an integrator reaches it: over HTTP.
 * Real PostgreSQL/NATS/Redis when TEST_* URLs are set, each in a database,
 * stream and key prefix of this run's own; embedded defaults otherwise.
 */
export async function startTestSystem(overrides: NodeJS.ProcessEnv = {}, options: { mediaStorage?: 'local' | 's3' } = {}): Promise<TestSystem> {
  const database = await createTestDatabase();
  const mediaDir = mkdtempSync(join(tmpdir(), 'vi-media-'));
  // The run's storage (TEST_MEDIA_STORAGE), unless the spec needs an object store whatever the run.
  const objectStore = (options.mediaStorage ?? testServers.mediaStorage) === 's3' ? await startS3TestServer() : undefined;
  const mailDir = mkdtempSync(join(tmpdir(), 'vi-mail-'));
  const streamRoot = uniqueName('t').toLowerCase();
  const adminKey = `bootstrap-${randomSecret()}`;
  const env: NodeJS.ProcessEnv = {
    ...baseTestEnv(),
    DATABASE_URL: database.url,
    DATA_DIR: 'memory://',
    NATS_URL: testServers.natsUrl,
    REDIS_URL: testServers.redisUrl,
    EVENT_STREAM: streamRoot,
    MEDIA_DIR: mediaDir,
    ...objectStore?.mediaEnv,
    // The web pages may play videos from there (with MEDIA_PLAYBACK=redirect).
    ...(objectStore ? { MEDIA_PLAYBACK_ORIGIN: objectStore.endpoint } : {}),
    MAIL_DIR: mailDir,
    OUTBOX_POLL_MS: '100',
    NOTIFICATIONS_POLL_MS: '100',
    ASSESSMENTS_POLL_MS: '100',
    BOOTSTRAP_COMPANY_NAME: 'Bootstrap Company',
    BOOTSTRAP_ADMIN_EMAIL: 'admin@bootstrap.example',
    BOOTSTRAP_ADMIN_API_KEY: adminKey,
    ...overrides,
  };
  const system = await startSystem({ env, rateLimitPrefix: streamRoot, database: database.embedded });
  const operator = new OperatorClient(`127.0.0.1:${system.identity.grpcPort}`, env.INTERNAL_JWT_SECRET!);
  const candidateLinks = new CandidateLinkIssuer(`127.0.0.1:${system.interviews.grpcPort}`, env.INTERNAL_JWT_SECRET!);
  const as = (key: string | undefined) => new ApiClient(system.baseUrl, key);
  let companies = 0;
  return {
    system,
    env,
    database,
    baseUrl: system.baseUrl,
    operator,
    candidateLinks,
    admin: as(adminKey),
    as,
    storedVideos: async (interviewUuid) => {
      if (objectStore) {
        const { objects, uploads } = await objectStore.contents(`${interviewUuid}/`);
        return [...objects, ...uploads.map((key) => `${key} (unfinished upload)`)];
      }
      // Files at any depth: a recording's parts are kept under `<interview>/recordings/<recording>/` until joined.
      const dir = join(mediaDir, interviewUuid);
      if (!existsSync(dir)) return [];
      const entries = readdirSync(dir, { recursive: true, withFileTypes: true });
      return entries.filter((e) => e.isFile()).map((e) => relative(mediaDir, join(e.parentPath, e.name)));
    },
    serviceEnv: (overrides = {}) => ({
      ...env,
      IDENTITY_GRPC_URL: `127.0.0.1:${system.identity.grpcPort}`,
      JOBS_GRPC_URL: `127.0.0.1:${system.jobs.grpcPort}`,
      INTERVIEWS_GRPC_URL: `127.0.0.1:${system.interviews.grpcPort}`,
      SHARING_GRPC_URL: `127.0.0.1:${system.sharing.grpcPort}`,
      NOTIFICATIONS_GRPC_URL: `127.0.0.1:${system.notifications.grpcPort}`,
      EVALUATIONS_GRPC_URL: `127.0.0.1:${system.evaluations.grpcPort}`,
      ASSESSMENTS_GRPC_URL: `127.0.0.1:${system.assessments.grpcPort}`,
      TRANSCRIPTION_GRPC_URL: `127.0.0.1:${system.transcription.grpcPort}`,
      ...overrides,
    }),
    createCompany: async (plan = 'unlimited') => {
      const n = ++companies;
      const created = await operator.createCompany({
        name: `Company ${n} ${streamRoot}`,
        adminName: `Admin ${n}`,
        adminEmail: `admin${n}@company${n}.example`,
        plan,
      });
      return { companyUuid: created.company_uuid, adminUuid: created.user_uuid, apiKey: created.api_key, api: as(created.api_key) };
    },
    stop: async () => {
      operator.close();
      candidateLinks.close();
      if (system.bus instanceof NatsJetStreamBus) await system.bus.deleteStream();
      await system.stop();
      await database.drop();
      rmSync(mediaDir, { recursive: true, force: true });
      await objectStore?.stop();
      rmSync(mailDir, { recursive: true, force: true });
    },
  };
}
