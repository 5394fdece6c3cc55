import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { NatsJetStreamBus } from '@vi/platform-bus';
import { createLogger } from '@vi/platform-logger';
import { createTestDatabase, testServers, waitFor, type TestDatabase } from '@vi/platform-testing';
import { loadNotificationsConfig } from '../../apps/notifications/src/config';
import { startNotificationsService } from '../../apps/notifications/src/composition-root';
import { settled } from '../support/barrier';
import { startTestSystem, type TestSystem } from '../support/test-system';

/** The recipients of the emails written to a mail folder (no SMTP_URL: one .eml file each). */
function recipients(dir: string): string[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.eml'))
    .map((name) => /^To: (.*)$/m.exec(readFileSync(join(dir, name), 'utf8'))?.[1] ?? '?');
}

// Retained events only exist on JetStream: the in-process bus starts empty with its process.
(testServers.natsUrl ? describe : describe.skip)('a notifications service deployed for the first time into a running system', () => {
  let t: TestSystem;
  let database: TestDatabase;
  const mailDir = mkdtempSync(join(tmpdir(), 'vi-first-deploy-mail-'));
  beforeAll(async () => {
    t = await startTestSystem();
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await t.stop();
    await database.drop();
    rmSync(mailDir, { recursive: true, force: true });
  });

  it('sends nothing for the events retained from before it existed, and everything from its start on', async () => {
    const company = await t.createCompany();
    expect((await company.api.post('/users', { name: 'Olga Old', email: 'olga.old@users.example', role: 'standard' })).status).toBe(201);
    await waitFor(() => recipients(t.env.MAIL_DIR!).includes('olga.old@users.example'), 10_000);

    // The old deployment goes away with its durable consumers; the new one has a database of its own.
    await t.system.notifications.stop();
    const nats = await connect({ servers: testServers.natsUrl });
    const jsm = await jetstreamManager(nats);
    const stream = (t.system.bus as NatsJetStreamBus).streamName;
    for await (const consumer of jsm.consumers.list(stream)) {
      if (consumer.name.startsWith('notifications-')) await jsm.consumers.delete(stream, consumer.name);
    }
    await nats.close();
    const config = loadNotificationsConfig({ ...t.env, DATABASE_URL: database.url, DATA_DIR: 'memory://', MAIL_DIR: mailDir, NOTIFICATIONS_GRPC_PORT: '0' });
    t.system.notifications = await startNotificationsService(
      {
        ...config,
        upstreams: {
          identity: `127.0.0.1:${t.system.identity.grpcPort}`,
          interviews: `127.0.0.1:${t.system.interviews.grpcPort}`,
          sharing: `127.0.0.1:${t.system.sharing.grpcPort}`,
        },
      },
      { logger: createLogger('notifications', 'silent') },
    );

    expect((await company.api.post('/users', { name: 'Nina New', email: 'nina.new@users.example', role: 'standard' })).status).toBe(201);
    await waitFor(() => recipients(mailDir).includes('nina.new@users.example'), 10_000);
    await settled(t, { notifications: database });
    expect(recipients(mailDir)).toEqual(['nina.new@users.example']);
  });
});
