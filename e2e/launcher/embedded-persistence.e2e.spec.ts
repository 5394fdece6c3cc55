import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSystem } from '../../tools/launcher/src/system';
import { ApiClient } from '../support/api-client';
import { baseTestEnv } from '../support/test-system';

/** The embedded defaults a newcomer gets: PGlite on disk, in-process bus, memory limits. */
describe('embedded mode keeps data across restarts', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'vi-embedded-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  const env: NodeJS.ProcessEnv = {
    ...baseTestEnv(),
    DATA_DIR: dataDir,
    BOOTSTRAP_COMPANY_NAME: 'Demo Company',
    BOOTSTRAP_ADMIN_EMAIL: 'admin@demo.example',
    BOOTSTRAP_ADMIN_API_KEY: 'vik_demo-operator-chosen-key-that-is-not-generated',
  };

  it('serves the bootstrap key, and finds the same data after a restart', async () => {
    const first = await startSystem({ env });
    let userUuid: string;
    let keyValue: string;
    try {
      const admin = new ApiClient(first.baseUrl, env.BOOTSTRAP_ADMIN_API_KEY);
      // A key with our prefix but not our checksum is refused without a lookup…
      expect((await admin.get('/me')).status).toBe(401);
    } finally {
      await first.stop();
    }

    const operatorKey = 'demo-operator-chosen-key';
    const second = await startSystem({ env: { ...env, BOOTSTRAP_ADMIN_API_KEY: operatorKey } });
    try {
      // …while an operator key of another shape is accepted as configured.
      const admin = new ApiClient(second.baseUrl, operatorKey);
      const me = await admin.get('/me');
      expect(me.status).toBe(200);
      const created = await admin.post('/users', { name: 'Persisted', email: 'persisted@demo.example', role: 'standard' });
      expect(created.status).toBe(201);
      userUuid = created.body.uuid;
      keyValue = (await admin.post(`/users/${userUuid}/integration_key`)).body.key;
    } finally {
      await second.stop();
    }

    const third = await startSystem({ env: { ...env, BOOTSTRAP_ADMIN_API_KEY: operatorKey } });
    try {
      const admin = new ApiClient(third.baseUrl, operatorKey);
      const users = (await admin.get('/users')).body as Array<{ uuid: string; email: string }>;
      // Bootstrap is idempotent: still one administrator and the user created before.
      expect(users.map((u) => u.email).sort()).toEqual(['admin@demo.example', 'persisted@demo.example']);
      expect((await new ApiClient(third.baseUrl, keyValue).get('/me')).body.uuid).toBe(userUuid);
    } finally {
      await third.stop();
    }
    // Three starts of five services, each opening its PGlite database on disk: ~20 s alone, far more on a
    // 2-core machine running the other suites in parallel.
  }, 180_000);
});
