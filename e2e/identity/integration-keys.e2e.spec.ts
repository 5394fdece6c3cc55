import { hasValidChecksum } from '@vi/contracts';
import { startTestSystem, type TestSystem } from '../support/test-system';
import { expectError, expectRfc3339Timestamps } from '../support/expectations';

describe('/users/<uuid>/integration_key', () => {
  let t: TestSystem;
  beforeAll(async () => {
    t = await startTestSystem();
  });
  afterAll(() => t.stop());

  async function userWithoutKey(api: TestSystem['admin'], email: string) {
    return (await api.post('/users', { name: 'Integrator', email, role: 'standard' })).body.uuid as string;
  }

  it('creates one key per user, shows it, updates it and deletes it', async () => {
    const userUuid = await userWithoutKey(t.admin, 'keys@bootstrap.example');
    expectError(await t.admin.get(`/users/${userUuid}/integration_key`), 404, 'api.integration_key_not_found');

    const created = await t.admin.post(`/users/${userUuid}/integration_key`);
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      key: expect.stringMatching(/^vik_[0-9A-Za-z]{38}$/),
      description: '',
      type: 'custom_integration',
      last_used_at: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
      user: { uuid: userUuid, name: 'Integrator', email: 'keys@bootstrap.example', avatar: expect.any(String) },
    });
    expect(hasValidChecksum(created.body.key)).toBe(true);
    expectRfc3339Timestamps(created.body);
    expectError(await t.admin.post(`/users/${userUuid}/integration_key`), 409, 'api.integration_key_exists');

    // The key works, and its use is recorded.
    const asUser = t.as(created.body.key);
    expect((await asUser.get('/me')).body.uuid).toBe(userUuid);
    const read = await t.admin.get(`/users/${userUuid}/integration_key`);
    expect(read.status).toBe(200);
    expect(read.body.key).toBe(created.body.key);
    expect(read.body.last_used_at).toMatch(/\+00:00$/);
    // A user may read their own key.
    expect((await asUser.get(`/users/${userUuid}/integration_key`)).body.key).toBe(created.body.key);

    const described = await t.admin.put(`/users/${userUuid}/integration_key`, { description: 'ATS sync' });
    expect(described.status).toBe(201);
    expect(described.body).toMatchObject({ key: created.body.key, description: 'ATS sync' });

    expect((await t.admin.delete(`/users/${userUuid}/integration_key`)).status).toBe(204);
    expectError(await asUser.get('/me'), 401, 'api.key_invalid');
    expectError(await t.admin.get(`/users/${userUuid}/integration_key`), 404, 'api.integration_key_not_found');
    expectError(await t.admin.delete(`/users/${userUuid}/integration_key`), 404, 'api.integration_key_not_found');
  });

  it('rotates a key: the new value works and the old one is refused at once', async () => {
    const userUuid = await userWithoutKey(t.admin, 'rotate@bootstrap.example');
    const oldKey = (await t.admin.post(`/users/${userUuid}/integration_key`)).body.key;
    expect((await t.as(oldKey).get('/me')).status).toBe(200);
    const rotated = await t.admin.put(`/users/${userUuid}/integration_key`, { rotate: true });
    expect(rotated.status).toBe(201);
    expect(rotated.body.key).not.toBe(oldKey);
    expectError(await t.as(oldKey).get('/me'), 401, 'api.key_invalid');
    expect((await t.as(rotated.body.key).get('/me')).body.uuid).toBe(userUuid);
  });

  it('refuses malformed update bodies', async () => {
    const me = (await t.admin.get('/me')).body;
    const bad = await t.admin.put(`/users/${me.uuid}/integration_key`, { rotate: 'yes', description: 5 });
    expectError(bad, 400, 'api.validation_failed');
    expect(bad.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['description', 'rotate']);
  });

  it("stops a deleted user's key", async () => {
    const userUuid = await userWithoutKey(t.admin, 'leaver@bootstrap.example');
    const key = (await t.admin.post(`/users/${userUuid}/integration_key`)).body.key;
    expect((await t.as(key).get('/me')).status).toBe(200);
    expect((await t.admin.delete(`/users/${userUuid}`)).status).toBe(204);
    expectError(await t.as(key).get('/me'), 401, 'api.key_invalid');
  });

  it('refuses keys of a company whose plan has no API access with 402', async () => {
    const company = await t.createCompany('essentials');
    expectError(await company.api.get('/me'), 402, 'api.plan_no_api_access');
  });
});
