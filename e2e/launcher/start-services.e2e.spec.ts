import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase, testServers, uniqueName, waitFor, type TestDatabase } from '@vi/platform-testing';
import { ApiClient } from '../support/api-client';

/**
 * `npm run start:services`: every service in a process of its own on the real servers, replicas included; what
 * the benchmark measures and how a platform team tries the distributed shape. It needs those servers, so it runs
 * in the real-server mode only.
 */
(testServers.databaseUrl && testServers.natsUrl && testServers.redisUrl ? describe : describe.skip)('npm run start:services', () => {
  let database: TestDatabase;
  let runner: ChildProcess;
  let output = '';
  const dataDir = mkdtempSync(join(tmpdir(), 'vi-services-'));
  const portOffset = 1000 + Math.floor(Math.random() * 3000);

  beforeAll(async () => {
    database = await createTestDatabase();
    runner = spawn(process.execPath, ['--import', 'tsx', 'tools/launcher/src/start-services.ts', '--replicas', 'jobs=2,gateway=2', '--port-offset', String(portOffset)], {
      env: {
        ...process.env,
        DATABASE_URL: database.url,
        NATS_URL: testServers.natsUrl,
        REDIS_URL: testServers.redisUrl,
        EVENT_STREAM: uniqueName('svc').toLowerCase(),
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        LOG_FORMAT: 'json',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    runner.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    runner.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await waitFor(() => output.includes('Ctrl-C stops every process') || runner.exitCode !== null, 90_000, 100);
    if (runner.exitCode !== null) throw new Error(`start:services exited early:\n${output}`);
  }, 120_000);

  afterAll(async () => {
    // A test that failed before its Ctrl-C: stop the runner the same way, and whatever it started if it could not.
    if (runner?.exitCode === null) {
      const exited = new Promise((resolve) => runner.once('exit', resolve));
      runner.kill('SIGINT');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 20_000))]);
    }
    for (const match of output.matchAll(/pid (\d+)/g)) {
      try {
        process.kill(Number(match[1]), 'SIGKILL');
      } catch {
        // already gone
      }
    }
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }, 30_000);

  it('serves the printed administrator key through every gateway replica, over one database, and stops every process on Ctrl-C', async () => {
    const key = /Admin API key\s+(\S+)/.exec(output)?.[1];
    const pids = [...output.matchAll(/pid (\d+)/g)].map((match) => Number(match[1]));
    // identity, 2 jobs, interviews, sharing, notifications, 2 gateways
    expect(pids).toHaveLength(8);
    const first = new ApiClient(`http://127.0.0.1:${8080 + portOffset}/v1.0`, key);
    const second = new ApiClient(`http://127.0.0.1:${8081 + portOffset}/v1.0`, key);
    expect((await first.get('/me')).status).toBe(200);

    const created = await first.post('/jobs', {
      title: 'Runner check',
      description: 'Made through one gateway.',
      status: 'inactive',
      location: { city: 'Austin', state: 'TX', country: 'United States' },
    });
    expect(created.status).toBe(201);
    // The other gateway, through either jobs replica, reads it back: one system, not copies.
    for (let i = 0; i < 4; i++) {
      const listed = await second.get('/jobs');
      expect(listed.headers.get('content-range')).toBe('items 0-0/1');
      expect((listed.body as Array<{ uuid: string }>)[0].uuid).toBe(created.body.uuid);
    }

    // A rename reaches the summary cache of both jobs replicas (identity's event, broadcast over NATS): every
    // following page names the user anew, within a second of the rename's answer.
    const me = (await first.get('/me')).body as { uuid: string };
    expect((await first.put(`/users/${me.uuid}`, { name: 'Renamed Administrator' })).status).toBe(201);
    const renamedAt = Date.now();
    const everyReplicaRenamed = async () => {
      const pages = await Promise.all(Array.from({ length: 4 }, () => second.get('/jobs')));
      return pages.every((page) => (page.body as Array<{ created_by: { name: string } }>)[0].created_by.name === 'Renamed Administrator');
    };
    await waitFor(everyReplicaRenamed, 1_000, 10);
    expect(Date.now() - renamedAt).toBeLessThan(1_000);

    const exited = new Promise<number | null>((resolve) => runner.once('exit', (code) => resolve(code)));
    runner.kill('SIGINT');
    expect(await exited).toBe(0);
    expect(output).toContain('every service stopped');
    const alive = pids.filter((pid) => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    });
    expect(alive).toEqual([]);
  }, 60_000);
});
