import { randomUUID } from 'node:crypto';
import type { ApiClient } from '../support/api-client';
import { expectError, expectRfc3339Timestamps } from '../support/expectations';
import { startTestSystem, type TestSystem } from '../support/test-system';
import { expectValidationFailed, totalOf, uuids } from '../jobs/job-helpers';

/** Both prefixes name the same resource. */
const PREFIXES = ['/question_sets', '/interview_question_sets'] as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const QUESTIONS = [
  { text: 'Tell us about yourself.', time_limit: 60, takes: 2, think_time: '15' },
  { text: 'Why this role?', time_limit: 120, takes: -1, think_time: '0' },
];

/** The exact documented shape: takes an integer, think_time a string. */
function expectSetShape(set: any): void {
  expect(set).toEqual({
    uuid: expect.stringMatching(UUID),
    name: expect.any(String),
    created_at: expect.any(String),
    updated_at: expect.any(String),
    questions: expect.any(Array),
  });
  for (const q of set.questions) {
    expect(q).toEqual({
      uuid: expect.stringMatching(UUID),
      time_limit: expect.any(Number),
      takes: expect.any(Number),
      think_time: expect.any(String),
      text: expect.any(String),
    });
    expect(Number.isInteger(q.takes)).toBe(true);
  }
  expectRfc3339Timestamps(set);
}

async function createSet(api: ApiClient, body: unknown = { name: 'Screening', questions: QUESTIONS }, prefix: string = PREFIXES[0]) {
  const created = await api.post(prefix, body);
  expect({ status: created.status, body: created.body }).toEqual({ status: 200, body: expect.anything() });
  return created.body;
}

async function listSets(api: ApiClient, query = '', prefix: string = PREFIXES[0]) {
  const response = await api.get(`${prefix}${query}`);
  expect({ status: response.status, query }).toEqual({ status: 200, query });
  return { items: response.body as any[], contentRange: response.headers.get('content-range') };
}

const seconds = (stamp: string) => new Date(stamp).getTime();

describe('/question_sets and /interview_question_sets', () => {
  let t: TestSystem;
  beforeAll(async () => {
    t = await startTestSystem();
  });
  afterAll(() => t.stop());

  describe.each(PREFIXES)('under %s', (prefix) => {
    it('POST 200 returns the set; GET one and the list show the same; PUT 200; DELETE 204', async () => {
      const company = await t.createCompany();
      const created = await company.api.post(prefix, { name: 'Screening', questions: QUESTIONS });
      expect(created.status).toBe(200);
      expectSetShape(created.body);
      expect(created.body).toEqual({
        uuid: expect.any(String),
        name: 'Screening',
        created_at: expect.any(String),
        updated_at: created.body.created_at,
        questions: QUESTIONS.map((q) => ({ uuid: expect.any(String), ...q })),
      });

      const read = await company.api.get(`${prefix}/${created.body.uuid}`);
      expect(read.status).toBe(200);
      expect(read.body).toEqual(created.body);

      const list = await listSets(company.api, '', prefix);
      expect(list.items).toEqual([created.body]);
      expect(list.contentRange).toBe('items 0-0/1');

      const renamed = await company.api.put(`${prefix}/${created.body.uuid}`, { name: 'Renamed' });
      expect(renamed.status).toBe(200);
      expectSetShape(renamed.body);
      expect(renamed.body).toEqual({ ...created.body, name: 'Renamed', updated_at: expect.any(String) });

      const deleted = await company.api.delete(`${prefix}/${created.body.uuid}`);
      expect(deleted.status).toBe(204);
      expect(deleted.body).toBe('');
      expectError(await company.api.get(`${prefix}/${created.body.uuid}`), 404, 'api.question_set_not_found');
    });

    it('405 with Allow for other methods; 404 api.not_found for a path id that is not a uuid', async () => {
      const company = await t.createCompany();
      const set = await createSet(company.api, undefined, prefix);
      const patchList = await company.api.request('PATCH', prefix, {});
      expectError(patchList, 405, 'api.method_not_allowed');
      expect(patchList.headers.get('allow')).toBe('GET, HEAD, POST');
      const patchOne = await company.api.request('PATCH', `${prefix}/${set.uuid}`, { body: { name: 'x' } });
      expectError(patchOne, 405, 'api.method_not_allowed');
      expect(patchOne.headers.get('allow')).toBe('GET, HEAD, PUT, DELETE');
      expectError(await company.api.post(`${prefix}/${set.uuid}`, { name: 'x' }), 405, 'api.method_not_allowed');
      expectError(await company.api.put(prefix, { name: 'x' }), 405, 'api.method_not_allowed');

      expectError(await company.api.get(`${prefix}/not-a-uuid`), 404, 'api.not_found');
      expectError(await company.api.put(`${prefix}/not-a-uuid`, { name: 'x' }), 404, 'api.not_found');
      expectError(await company.api.delete(`${prefix}/not-a-uuid`), 404, 'api.not_found');
      const unknown = randomUUID();
      expectError(await company.api.get(`${prefix}/${unknown}`), 404, 'api.question_set_not_found');
      expectError(await company.api.put(`${prefix}/${unknown}`, { name: 'x' }), 404, 'api.question_set_not_found');
      expectError(await company.api.delete(`${prefix}/${unknown}`), 404, 'api.question_set_not_found');
    });
  });

  it('both prefixes show the same sets', async () => {
    const company = await t.createCompany();
    const a = await createSet(company.api, { name: 'A', questions: QUESTIONS }, '/question_sets');
    const b = await createSet(company.api, { name: 'B', questions: QUESTIONS }, '/interview_question_sets');
    expect((await company.api.get(`/interview_question_sets/${a.uuid}`)).body).toEqual(a);
    expect((await company.api.get(`/question_sets/${b.uuid}`)).body).toEqual(b);
    expect((await listSets(company.api, '', '/question_sets')).items).toEqual([a, b]);
    expect((await listSets(company.api, '', '/interview_question_sets')).items).toEqual([a, b]);
    const updated = await company.api.put(`/interview_question_sets/${a.uuid}`, { name: 'A2' });
    expect((await company.api.get(`/question_sets/${a.uuid}`)).body).toEqual(updated.body);
    expect((await company.api.delete(`/question_sets/${b.uuid}`)).status).toBe(204);
    expectError(await company.api.get(`/interview_question_sets/${b.uuid}`), 404, 'api.question_set_not_found');
  });

  it('defaults: takes -1 and think_time "30"; text and name are trimmed; a think_time number is kept as a string', async () => {
    const company = await t.createCompany();
    const set = await createSet(company.api, {
      name: '  Defaults  ',
      questions: [
        { text: '  Only a time limit  ', time_limit: 30 },
        { text: 'Numeric think time', time_limit: 180, takes: 0, think_time: 45 },
        { text: 'Max takes', time_limit: 160, takes: 5, think_time: '180' },
      ],
    });
    expectSetShape(set);
    expect(set.name).toBe('Defaults');
    expect(set.questions.map(({ uuid: _u, ...q }: any) => q)).toEqual([
      { text: 'Only a time limit', time_limit: 30, takes: -1, think_time: '30' },
      { text: 'Numeric think time', time_limit: 180, takes: 0, think_time: '45' },
      { text: 'Max takes', time_limit: 160, takes: 5, think_time: '180' },
    ]);
  });

  it('PUT questions: items with uuid update, items without are added, omitted ones removed, array order kept', async () => {
    const company = await t.createCompany();
    const set = await createSet(company.api, {
      name: 'Three',
      questions: [
        { text: 'First', time_limit: 30, takes: 1, think_time: '0' },
        { text: 'Second', time_limit: 60, takes: 2, think_time: '15' },
        { text: 'Third', time_limit: 90, takes: 3, think_time: '30' },
      ],
    });
    const [first, second, third] = set.questions;
    await new Promise((r) => setTimeout(r, 1_100)); // timestamps have whole seconds

    const updated = await company.api.put(`/question_sets/${set.uuid}`, {
      questions: [
        { uuid: third.uuid, text: 'Third, edited', time_limit: 180, takes: 5, think_time: '120' },
        { text: 'Brand new', time_limit: 120 },
        { uuid: first.uuid.toUpperCase(), text: 'First', time_limit: 30, takes: 1, think_time: '0' },
      ],
    });
    expect(updated.status).toBe(200);
    expectSetShape(updated.body);
    expect(updated.body).toEqual({
      uuid: set.uuid,
      name: 'Three',
      created_at: set.created_at,
      updated_at: expect.any(String),
      questions: [
        { uuid: third.uuid, text: 'Third, edited', time_limit: 180, takes: 5, think_time: '120' },
        { uuid: expect.stringMatching(UUID), text: 'Brand new', time_limit: 120, takes: -1, think_time: '30' },
        { uuid: first.uuid, text: 'First', time_limit: 30, takes: 1, think_time: '0' },
      ],
    });
    expect(uuids(updated.body.questions)).not.toContain(second.uuid);
    expect(seconds(updated.body.updated_at)).toBeGreaterThan(seconds(set.updated_at));
    expect((await company.api.get(`/question_sets/${set.uuid}`)).body).toEqual(updated.body);

    // A new name alone keeps the questions; questions alone keep the name.
    const renamed = await company.api.put(`/question_sets/${set.uuid}`, { name: 'Renamed' });
    expect(renamed.body).toEqual({ ...updated.body, name: 'Renamed', updated_at: expect.any(String) });
    const both = await company.api.put(`/question_sets/${set.uuid}`, {
      name: 'Both',
      questions: [{ uuid: first.uuid, text: 'Only one left', time_limit: 60 }],
    });
    expect(both.status).toBe(200);
    expect(both.body).toEqual({
      ...renamed.body,
      name: 'Both',
      updated_at: expect.any(String),
      questions: [{ uuid: first.uuid, text: 'Only one left', time_limit: 60, takes: -1, think_time: '30' }],
    });
  });

  it('PUT with a question uuid that is not in the set is 400 naming questions.N.uuid; nothing changes', async () => {
    const company = await t.createCompany();
    const set = await createSet(company.api);
    const other = await createSet(company.api, { name: 'Other', questions: [{ text: 'Elsewhere', time_limit: 30 }] });
    for (const stranger of [randomUUID(), other.questions[0].uuid]) {
      const response = await company.api.put(`/question_sets/${set.uuid}`, {
        name: 'Should not stick',
        questions: [
          { uuid: set.questions[0].uuid, text: 'Kept', time_limit: 30 },
          { text: 'New', time_limit: 30 },
          { uuid: stranger, text: 'Stranger', time_limit: 30 },
        ],
      });
      expectValidationFailed(response, ['questions.2.uuid']);
    }
    const twice = await company.api.put(`/question_sets/${set.uuid}`, {
      questions: [
        { uuid: set.questions[0].uuid, text: 'Once', time_limit: 30 },
        { uuid: set.questions[0].uuid, text: 'Twice', time_limit: 30 },
      ],
    });
    expectValidationFailed(twice, ['questions.1.uuid']);
    expectValidationFailed(await company.api.put(`/question_sets/${set.uuid}`, { questions: [{ uuid: 'not-a-uuid', text: 'x', time_limit: 30 }] }), [
      'questions.0.uuid',
    ]);
    expect((await company.api.get(`/question_sets/${set.uuid}`)).body).toEqual(set);
    expect((await company.api.get(`/question_sets/${other.uuid}`)).body).toEqual(other);
  });

  it('validation errors name every bad field; nothing is created', async () => {
    const company = await t.createCompany();
    const q = { text: 'Fine', time_limit: 30, takes: 1, think_time: '30' };
    expectValidationFailed(await company.api.post('/question_sets', { name: 'x', questions: [{ ...q, time_limit: 45 }] }), ['questions.0.time_limit']);
    expectValidationFailed(await company.api.post('/question_sets', { name: 'x', questions: [q, { ...q, takes: 6 }] }), ['questions.1.takes']);
    expectValidationFailed(await company.api.post('/question_sets', { name: 'x', questions: [{ ...q, takes: -2 }] }), ['questions.0.takes']);
    expectValidationFailed(await company.api.post('/question_sets', { name: 'x', questions: [{ ...q, takes: 1.5 }] }), ['questions.0.takes']);
    for (const think_time of ['10', '30s', '', 'soon', 31, null]) {
      expectValidationFailed(await company.api.post('/question_sets', { name: 'x', questions: [{ ...q, think_time }] }), ['questions.0.think_time']);
    }
    expectValidationFailed(await company.api.post('/question_sets', { name: '', questions: [q] }), ['name']);
    expectValidationFailed(await company.api.post('/question_sets', { name: '   ', questions: [q] }), ['name']);
    expectValidationFailed(await company.api.post('/question_sets', { name: 'n'.repeat(201), questions: [q] }), ['name']);
    expectValidationFailed(await company.api.post('/question_sets', { questions: [q] }), ['name']);
    expectValidationFailed(await company.api.post('/question_sets', { name: 'x', questions: [] }), ['questions']);
    expectValidationFailed(await company.api.post('/question_sets', { name: 'x' }), ['questions']);
    expectValidationFailed(await company.api.post('/question_sets', { name: 'x', questions: Array.from({ length: 51 }, () => q) }), ['questions']);
    expectValidationFailed(await company.api.post('/question_sets', { name: 'x', questions: [{ ...q, text: '' }] }), ['questions.0.text']);
    expectValidationFailed(await company.api.post('/question_sets', { name: 'x', questions: [{ ...q, text: 't'.repeat(2001) }] }), ['questions.0.text']);
    const everything = await company.api.post('/question_sets', {
      name: '',
      questions: [q, { text: '', time_limit: 45, takes: 6, think_time: 'x' }],
    });
    expectValidationFailed(everything, ['name', 'questions.1.text', 'questions.1.time_limit', 'questions.1.takes', 'questions.1.think_time']);
    expect(everything.body.errors).toHaveLength(5);
    expectError(await company.api.request('POST', '/question_sets', { rawBody: '{"name": "x",' }), 400, 'api.malformed_json');
    expect((await listSets(company.api)).contentRange).toBe('items */0');

    // The largest valid set.
    const largest = await createSet(company.api, { name: 'n'.repeat(200), questions: Array.from({ length: 50 }, () => ({ ...q, text: 't'.repeat(2000) })) });
    expect(largest.questions).toHaveLength(50);

    // PUT: the same rules, and at least one of name and questions.
    const set = await createSet(company.api);
    expectValidationFailed(await company.api.put(`/question_sets/${set.uuid}`, {}), ['body']);
    expectValidationFailed(await company.api.put(`/question_sets/${set.uuid}`, { name: '' }), ['name']);
    expectValidationFailed(await company.api.put(`/question_sets/${set.uuid}`, { questions: [] }), ['questions']);
    expectValidationFailed(await company.api.put(`/question_sets/${set.uuid}`, { questions: [{ ...q, time_limit: 45, takes: -2, think_time: '1' }] }), [
      'questions.0.time_limit',
      'questions.0.takes',
      'questions.0.think_time',
    ]);
    expect((await company.api.get(`/question_sets/${set.uuid}`)).body).toEqual(set);
  });

  it("another company's set is 404 for GET, PUT and DELETE and absent from its list; nothing changes", async () => {
    const a = await t.createCompany();
    const b = await t.createCompany();
    const aSet = await createSet(a.api, { name: 'A set', questions: QUESTIONS });
    const bSet = await createSet(b.api, { name: 'B set', questions: QUESTIONS });
    for (const prefix of PREFIXES) {
      expectError(await a.api.get(`${prefix}/${bSet.uuid}`), 404, 'api.question_set_not_found');
      expectError(await a.api.put(`${prefix}/${bSet.uuid}`, { name: 'Hijacked' }), 404, 'api.question_set_not_found');
      expectError(
        await a.api.put(`${prefix}/${bSet.uuid}`, { questions: [{ uuid: bSet.questions[0].uuid, text: 'Hijacked', time_limit: 30 }] }),
        404,
        'api.question_set_not_found',
      );
      expectError(await a.api.delete(`${prefix}/${bSet.uuid}`), 404, 'api.question_set_not_found');
      expect(uuids((await listSets(a.api, '', prefix)).items)).toEqual([aSet.uuid]);
    }
    expect((await b.api.get(`/question_sets/${bSet.uuid}`)).body).toEqual(bSet);
    expect((await listSets(b.api)).items).toEqual([bSet]);
    expect(uuids((await listSets(t.admin, '?range=0-99')).items)).not.toContain(aSet.uuid);
  });

  it('lists page with range, oldest first, and answer Content-Range', async () => {
    const company = await t.createCompany();
    expect((await listSets(company.api)).contentRange).toBe('items */0');
    const sets: any[] = [];
    for (const n of [1, 2, 3, 4, 5]) sets.push(await createSet(company.api, { name: `Set ${n}`, questions: QUESTIONS })); // sequential: creation order is known
    const all = await listSets(company.api);
    expect(uuids(all.items)).toEqual(uuids(sets));
    expect(all.contentRange).toBe('items 0-4/5');
    expect(all.items).toEqual(sets);

    for (const prefix of PREFIXES) {
      const first = await listSets(company.api, '?range=0-1', prefix);
      expect(uuids(first.items)).toEqual(uuids(sets.slice(0, 2)));
      expect(first.contentRange).toBe('items 0-1/5');
      const middle = await listSets(company.api, '?range=2-3', prefix);
      expect(uuids(middle.items)).toEqual(uuids(sets.slice(2, 4)));
      expect(middle.contentRange).toBe('items 2-3/5');
      const last = await listSets(company.api, '?range=4-99', prefix);
      expect(uuids(last.items)).toEqual([sets[4].uuid]);
      expect(last.contentRange).toBe('items 4-4/5');
      const past = await listSets(company.api, '?range=5-9', prefix);
      expect(past.items).toEqual([]);
      expect(past.contentRange).toBe('items */5');
      expect(totalOf(past.contentRange)).toBe(5);
    }
    // An update does not move a set; a deletion closes the gap.
    expect((await company.api.put(`/question_sets/${sets[0].uuid}`, { name: 'Set 1 renamed' })).status).toBe(200);
    expect((await company.api.delete(`/question_sets/${sets[1].uuid}`)).status).toBe(204);
    const after = await listSets(company.api, '?range=0-1');
    expect(uuids(after.items)).toEqual([sets[0].uuid, sets[2].uuid]);
    expect(after.contentRange).toBe('items 0-1/4');

    for (const range of ['abc', '3-1', '0-100', '-1-2']) {
      expectValidationFailed(await company.api.get(`/question_sets?range=${range}`), ['range']);
    }
  });

  it('DELETE 204: the set is then 404 for GET, PUT and DELETE and gone from the list', async () => {
    const company = await t.createCompany();
    const kept = await createSet(company.api, { name: 'Kept', questions: QUESTIONS });
    const doomed = await createSet(company.api, { name: 'Doomed', questions: QUESTIONS });
    const deleted = await company.api.delete(`/interview_question_sets/${doomed.uuid}`);
    expect(deleted.status).toBe(204);
    for (const prefix of PREFIXES) {
      expectError(await company.api.get(`${prefix}/${doomed.uuid}`), 404, 'api.question_set_not_found');
      expectError(await company.api.put(`${prefix}/${doomed.uuid}`, { name: 'Back' }), 404, 'api.question_set_not_found');
      expectError(await company.api.delete(`${prefix}/${doomed.uuid}`), 404, 'api.question_set_not_found');
      const list = await listSets(company.api, '', prefix);
      expect(list.items).toEqual([kept]);
      expect(list.contentRange).toBe('items 0-0/1');
    }
  });

  it('401 without a key', async () => {
    for (const prefix of PREFIXES) {
      expectError(await t.as(undefined).get(prefix), 401, 'api.key_not_set');
      expectError(await t.as(undefined).post(prefix, { name: 'x', questions: QUESTIONS }), 401, 'api.key_not_set');
    }
  });
});
