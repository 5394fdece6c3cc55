import { startTestSystem, type TestSystem } from '../support/test-system';
import { expectError, expectRfc3339Timestamps } from '../support/expectations';

describe('/users', () => {
  let t: TestSystem;
  beforeAll(async () => {
    t = await startTestSystem();
  });
  afterAll(() => t.stop());

  it('creates, reads, lists, updates and deletes a company user', async () => {
    const created = await t.admin.post('/users', { name: 'Sam Standard', email: 'sam@bootstrap.example', role: 'standard' });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      uuid: expect.any(String),
      active: true,
      name: 'Sam Standard',
      email: 'sam@bootstrap.example',
      role: 'standard',
      avatar: expect.stringMatching(/^http/),
      company: { uuid: expect.any(String), name: 'Bootstrap Company', avatar: expect.any(String) },
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expectRfc3339Timestamps(created.body);
    const uuid = created.body.uuid;

    const read = await t.admin.get(`/users/${uuid}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(created.body);

    const list = await t.admin.get('/users');
    expect(list.status).toBe(200);
    expect(list.body.map((u: { uuid: string }) => u.uuid)).toContain(uuid);
    expect(list.headers.get('content-range')).toBe(`items 0-${list.body.length - 1}/${list.body.length}`);

    const updated = await t.admin.put(`/users/${uuid}`, { name: 'Sam Renamed', email: 'sam.renamed@bootstrap.example', role: 'administrator' });
    expect(updated.status).toBe(201);
    expect(updated.body).toMatchObject({ uuid, name: 'Sam Renamed', email: 'sam.renamed@bootstrap.example', role: 'standard' });

    const deleted = await t.admin.delete(`/users/${uuid}`);
    expect(deleted.status).toBe(204);
    expectError(await t.admin.get(`/users/${uuid}`), 404, 'api.user_not_found');
    expect((await t.admin.get('/users')).body.map((u: { uuid: string }) => u.uuid)).not.toContain(uuid);
  });

  it('pages with range and Content-Range', async () => {
    const company = await t.createCompany();
    for (let i = 0; i < 4; i++) {
      expect((await company.api.post('/users', { name: `User ${i}`, email: `user${i}@paging.example`, role: 'standard' })).status).toBe(201);
    }
    const all = (await company.api.get('/users')).body.map((u: { uuid: string }) => u.uuid);
    expect(all).toHaveLength(5);
    const page = await company.api.get('/users?range=1-2');
    expect(page.body.map((u: { uuid: string }) => u.uuid)).toEqual(all.slice(1, 3));
    expect(page.headers.get('content-range')).toBe('items 1-2/5');
    const tail = await company.api.get('/users?range=4-10');
    expect(tail.headers.get('content-range')).toBe('items 4-4/5');
    const beyond = await company.api.get('/users?range=50-60');
    expect(beyond.body).toEqual([]);
    expect(beyond.headers.get('content-range')).toBe('items */5');
    const reversed = await company.api.get('/users?range=5-1');
    expectError(reversed, 400, 'api.validation_failed');
    expect(reversed.body.errors).toEqual([expect.objectContaining({ field: 'range' })]);
    expectError(await company.api.get('/users?range=0-100'), 400, 'api.validation_failed');
  });

  it('refuses bad input with field errors and changes nothing', async () => {
    const company = await t.createCompany();
    const bad = await company.api.post('/users', { name: '', email: 'not-an-email', role: 'owner' });
    expectError(bad, 400, 'api.validation_failed');
    expect(bad.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['email', 'name', 'role']);
    for (const e of bad.body.errors) expect(e).toEqual({ field: expect.any(String), reason: expect.any(String), code: expect.any(String) });
    expect((await company.api.get('/users')).body).toHaveLength(1);
    expectError(await company.api.put(`/users/${company.adminUuid}`, {}), 400, 'api.validation_failed');
  });

  it('refuses a second user with the same email in the company', async () => {
    const company = await t.createCompany();
    expect((await company.api.post('/users', { name: 'A', email: 'dup@x.example', role: 'standard' })).status).toBe(201);
    expectError(await company.api.post('/users', { name: 'B', email: 'DUP@x.example', role: 'standard' }), 409, 'api.user_email_taken');
  });

  it('keeps administrator actions to administrators; a user may edit themself', async () => {
    const company = await t.createCompany();
    const standard = (await company.api.post('/users', { name: 'Std', email: 'std@rules.example', role: 'standard' })).body;
    const key = (await company.api.post(`/users/${standard.uuid}/integration_key`)).body.key;
    const asStandard = t.as(key);

    expectError(await asStandard.post('/users', { name: 'X', email: 'x@rules.example', role: 'standard' }), 403, 'api.administrator_required');
    expectError(await asStandard.delete(`/users/${company.adminUuid}`), 403, 'api.administrator_required');
    expectError(await asStandard.put(`/users/${company.adminUuid}`, { name: 'Hijack' }), 403, 'api.administrator_required');
    expectError(await asStandard.post(`/users/${standard.uuid}/integration_key`), 403, 'api.administrator_required');
    const self = await asStandard.put(`/users/${standard.uuid}`, { name: 'Std Renamed' });
    expect(self.status).toBe(201);
    expect(self.body.name).toBe('Std Renamed');
    expect((await asStandard.get('/users')).status).toBe(200);
    expectError(await company.api.delete(`/users/${company.adminUuid}`), 400, 'api.user_cannot_delete_self');
  });

  it("404s another company's user for every method", async () => {
    const a = await t.createCompany();
    const b = await t.createCompany();
    const paths = [`/users/${b.adminUuid}`, `/users/${b.adminUuid}/integration_key`];
    expectError(await a.api.get(paths[0]), 404, 'api.user_not_found');
    expectError(await a.api.put(paths[0], { name: 'x' }), 404, 'api.user_not_found');
    expectError(await a.api.delete(paths[0]), 404, 'api.user_not_found');
    expectError(await a.api.get(paths[1]), 404, 'api.user_not_found');
    expectError(await a.api.post(paths[1]), 404, 'api.user_not_found');
    expectError(await a.api.put(paths[1], { rotate: true }), 404, 'api.user_not_found');
    expectError(await a.api.delete(paths[1]), 404, 'api.user_not_found');
    expect((await a.api.get('/users')).body.map((u: { uuid: string }) => u.uuid)).toEqual([a.adminUuid]);
    expect((await b.api.get(paths[0])).status).toBe(200);
  });

  it('gives 402 when no user slot remains, and exactly one winner for the last slot', async () => {
    const company = await t.createCompany('starter'); // 2 users: the administrator plus one
    const racers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => company.api.post('/users', { name: `Racer ${i}`, email: `racer${i}@race.example`, role: 'standard' })),
    );
    expect(racers.map((r) => r.status).sort()).toEqual([201, 402, 402, 402, 402, 402]);
    for (const r of racers.filter((x) => x.status === 402)) expectError(r, 402, 'api.plan_user_slots_exhausted');
    expect((await company.api.get('/users')).body).toHaveLength(2);
    expect((await company.api.get('/plan')).body.plan.users).toEqual({ remaining: 0, limit: 2, paid: 0 });

    const winner = racers.find((r) => r.status === 201)!.body.uuid;
    expect((await company.api.delete(`/users/${winner}`)).status).toBe(204);
    expect((await company.api.get('/plan')).body.plan.users.remaining).toBe(1);
  });
});
