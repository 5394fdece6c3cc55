import { randomUUID } from 'node:crypto';
import { jobJson, type JobJson } from '@vi/contracts';
import { InProcessBus, OutboxRelay, type BusMessage } from '@vi/platform-bus';
import { createLogger } from '@vi/platform-logger';
import { migrateToLatest, openDatabase, type Database } from '@vi/platform-postgres';
import { createTestDatabase, MemoryMediaStorage, waitFor, type TestDatabase } from '@vi/platform-testing';
import { FakeClock } from '@vi/platform-time';
import { jobsMigrations } from '../migrations';
import { createJob } from '../src/application/create-job/create-job';
import { deleteJob } from '../src/application/delete-job/delete-job';
import { getJob } from '../src/application/get-job/get-job';
import { listJobs } from '../src/application/list-jobs/list-jobs';
import { updateJob } from '../src/application/update-job/update-job';
import type { Job, JobOrder } from '../src/domain/job';
import type { JobsDatabase } from '../src/infrastructure/jobs.database';
import type { JobsStore } from '../src/application/store';
import { createJobsStore } from '../src/infrastructure/jobs.store';
import { MemoryJobPageCache } from '../src/infrastructure/memory-job-page.cache';
import { aCaller, aJob, anAddress, IdentityTable, REMOTE, testLinks } from './factories';

const logger = createLogger('jobs-test', 'silent');

describe('jobs repositories on a real database', () => {
  let testDb: TestDatabase;
  let database: Database<JobsDatabase>;
  let bus: InProcessBus;
  let relay: OutboxRelay;
  let store: JobsStore;

  beforeAll(async () => {
    testDb = await createTestDatabase();
    database = await openDatabase<JobsDatabase>({ url: testDb.url, schema: 'jobs', embedded: testDb.embedded });
    await migrateToLatest(database.db, 'jobs', jobsMigrations, logger);
    bus = new InProcessBus(logger);
    relay = new OutboxRelay(database.db, bus, logger);
    store = createJobsStore(database.db, relay);
  });
  afterAll(async () => {
    await relay.stop();
    await bus.close();
    await database.close();
    await testDb.drop();
  });

  /** Stores jobs the way the use cases do: the job, its location, and its count. */
  async function seed(...jobs: Job[]): Promise<Job[]> {
    return store.transaction(async (tx) => {
      const stored: Job[] = [];
      for (const job of jobs) {
        const location = await tx.locations.findOrCreate(job.companyUuid, { kind: 'locality', workMode: 'on_site', workPlace: job.locationAddress });
        stored.push({ ...job, locationUuid: location.uuid, locationAddress: location.formattedAddress });
        await tx.jobs.insert(stored[stored.length - 1]);
        expect(await tx.counters.countNew(job.companyUuid, job.status, -1)).toBe(true);
      }
      return stored;
    });
  }

  describe('a job', () => {
    it('is found in its own company only, and no more once deleted', async () => {
      const [job] = await seed(aJob({ title: 'Findable' }));
      expect(await store.read.jobs.find(job.companyUuid, job.uuid)).toMatchObject({ uuid: job.uuid, title: 'Findable', description: 'Builds the API' });
      expect(await store.read.jobs.find(randomUUID(), job.uuid)).toBeUndefined();
      await store.transaction((tx) => tx.jobs.markDeleted(job.uuid, new Date()));
      expect(await store.read.jobs.find(job.companyUuid, job.uuid)).toBeUndefined();
    });

    it('keeps every field it is updated with, timestamps to the millisecond', async () => {
      const [job] = await seed(aJob());
      const later = new Date('2026-03-04T05:06:07.089Z');
      const changed: Job = {
        ...job,
        title: 'Renamed',
        description: 'New text',
        status: 'active',
        statusUpdatedBy: randomUUID(),
        updatedAt: later,
        statusUpdatedAt: later,
      };
      await store.transaction((tx) => tx.jobs.update(changed));
      expect(await store.read.jobs.find(job.companyUuid, job.uuid)).toEqual(changed);
    });
  });

  describe('locations', () => {
    it('are one per address in a company, whatever the case it is written in, and the first spelling stays', async () => {
      const company = randomUUID();
      const first = await store.read.locations.findOrCreate(company, anAddress({ city: 'Austin' }));
      const again = await store.read.locations.findOrCreate(company, anAddress({ city: 'AUSTIN', state: 'tx' }));
      expect(again).toEqual(first);
      expect(first.formattedAddress).toBe('Austin, TX, United States');
      const elsewhere = await store.read.locations.findOrCreate(randomUUID(), anAddress());
      expect(elsewhere.uuid).not.toBe(first.uuid);
      expect((await store.read.locations.findOrCreate(company, REMOTE)).formattedAddress).toBe('Remote');
    });

    it('are created once when two jobs name a new address at the same time', async () => {
      const company = randomUUID();
      const found = await Promise.all(
        Array.from({ length: 4 }, () =>
          store.transaction((tx) => tx.locations.findOrCreate(company, anAddress({ city: 'Lyon', country: 'France', state: '' }))),
        ),
      );
      expect(new Set(found.map((l) => l.uuid)).size).toBe(1);
      const rows = await database.db.selectFrom('locations').select('uuid').where('company_uuid', '=', company).execute();
      expect(rows).toHaveLength(1);
    });

    it('created by a transaction that rolls back are not reused afterwards, even when that transaction read them again', async () => {
      const company = randomUUID();
      const lyon = anAddress({ city: 'Lyon', country: 'France', state: '' });
      const failed = store.transaction(async (tx) => {
        const created = await tx.locations.findOrCreate(company, lyon);
        expect(await tx.locations.findOrCreate(company, lyon)).toEqual(created);
        throw new Error('the job could not be stored');
      });
      await expect(failed).rejects.toThrow('the job could not be stored');

      const location = await store.transaction((tx) => tx.locations.findOrCreate(company, lyon));
      const rows = await database.db.selectFrom('locations').select('uuid').where('company_uuid', '=', company).execute();
      expect(rows.map((r) => r.uuid)).toEqual([location.uuid]);
    });
  });

  describe('counters', () => {
    it('count a new active job only while the limit leaves room; inactive jobs and unlimited plans are never refused', async () => {
      const company = randomUUID();
      const counted = await store.transaction(async (tx) => [
        await tx.counters.countNew(company, 'active', 2),
        await tx.counters.countNew(company, 'active', 2),
        await tx.counters.countNew(company, 'active', 2),
        await tx.counters.countNew(company, 'inactive', 2),
        await tx.counters.countNew(company, 'active', -1),
      ]);
      expect(counted).toEqual([true, true, false, true, true]);
      // The list's version moved with each job counted, not with the refused one.
      expect(await store.read.counters.read(company)).toEqual({ active: 3, inactive: 1, version: 4 });
    });

    it('move a job between the counts, and out of them when it is deleted; every change moves the version', async () => {
      const company = randomUUID();
      await store.transaction(async (tx) => {
        await tx.counters.countNew(company, 'active', -1);
        await tx.counters.move(company, 'active', 'inactive');
        await tx.counters.move(company, 'inactive', 'inactive');
      });
      expect(await store.read.counters.read(company)).toEqual({ active: 0, inactive: 1, version: 3 });
      await store.transaction((tx) => tx.counters.move(company, 'inactive', null));
      expect(await store.read.counters.read(company)).toEqual({ active: 0, inactive: 0, version: 4 });
    });

    it('read zero for a company without jobs, and lock creates its row', async () => {
      const company = randomUUID();
      expect(await store.read.counters.read(company)).toEqual({ active: 0, inactive: 0, version: 0 });
      expect(await store.transaction((tx) => tx.counters.lock(company))).toEqual({ active: 0, inactive: 0, version: 0 });
    });
  });

  describe('a page of jobs', () => {
    const company = randomUUID();
    const minute = (n: number) => new Date(Date.UTC(2026, 0, 1, 9, n));
    // Titles and places in mixed case; created and updated in different orders.
    const specs = [
      { title: 'beta tester', place: 'Zurich', created: 1, updated: 4, status: 'active' },
      { title: 'Alpha lead', place: 'amsterdam', created: 2, updated: 3, status: 'inactive' },
      { title: 'gamma ray', place: 'Berlin', created: 3, updated: 1, status: 'active' },
      { title: 'Delta force', place: 'cairo', created: 4, updated: 2, status: 'inactive' },
    ] as const;
    let seeded: Job[];
    const titles = async (orderBy: JobOrder, statuses: Job['status'][] = [], offset = 0, limit = 10) =>
      (await store.read.jobs.listCounted({ companyUuid: company, statuses, orderBy, offset, limit })).jobs.map((j) => j.title);

    beforeAll(async () => {
      seeded = await seed(
        ...specs.map((s) =>
          aJob({
            companyUuid: company,
            title: s.title,
            locationAddress: s.place,
            status: s.status,
            createdAt: minute(s.created),
            updatedAt: minute(s.updated),
            statusUpdatedAt: minute(s.created),
          }),
        ),
      );
      // Another company's jobs and a deleted job are never listed.
      await seed(aJob({ title: 'aaa other company' }));
      const [gone] = await seed(aJob({ companyUuid: company, title: 'aaa deleted', createdAt: minute(9) }));
      await store.transaction(async (tx) => {
        await tx.jobs.markDeleted(gone.uuid, new Date());
        await tx.counters.move(company, gone.status, null);
      });
    });

    it.each<[JobOrder, string[]]>([
      ['title_asc', ['Alpha lead', 'beta tester', 'Delta force', 'gamma ray']],
      ['title_desc', ['gamma ray', 'Delta force', 'beta tester', 'Alpha lead']],
      ['location_asc', ['Alpha lead', 'gamma ray', 'Delta force', 'beta tester']],
      ['location_desc', ['beta tester', 'Delta force', 'gamma ray', 'Alpha lead']],
      ['created_asc', ['beta tester', 'Alpha lead', 'gamma ray', 'Delta force']],
      ['created_desc', ['Delta force', 'gamma ray', 'Alpha lead', 'beta tester']],
      ['updated_asc', ['gamma ray', 'Delta force', 'Alpha lead', 'beta tester']],
      ['updated_desc', ['beta tester', 'Alpha lead', 'Delta force', 'gamma ray']],
    ])('is sorted by %s, ignoring case', async (orderBy, expected) => {
      expect(await titles(orderBy)).toEqual(expected);
    });

    it('filters by one status; both statuses are every job', async () => {
      expect(await titles('title_asc', ['active'])).toEqual(['beta tester', 'gamma ray']);
      expect(await titles('title_asc', ['inactive'])).toEqual(['Alpha lead', 'Delta force']);
      expect(await titles('title_asc', ['active', 'inactive'])).toHaveLength(4);
    });

    it('is cut by offset and limit, and carries the company counts read in the same statement', async () => {
      const page = await store.read.jobs.listCounted({ companyUuid: company, statuses: [], orderBy: 'created_asc', offset: 1, limit: 2 });
      expect(page.jobs.map((j) => j.title)).toEqual(['Alpha lead', 'gamma ray']);
      expect(page.counts).toEqual({ active: 2, inactive: 2, version: 6 });
      expect(await titles('created_asc', ['active'], 1, 5)).toEqual(['gamma ray']);
    });

    it('past the end is empty and leaves the counts to the counter row', async () => {
      const page = await store.read.jobs.listCounted({ companyUuid: company, statuses: [], orderBy: 'created_asc', offset: 4, limit: 10 });
      expect(page).toEqual({ jobs: [] });
    });

    it('breaks ties by uuid in the direction of the sort, so pages never overlap', async () => {
      const tied = randomUUID();
      const jobs = await seed(...Array.from({ length: 5 }, () => aJob({ companyUuid: tied, title: 'Same title' })));
      const uuids = jobs.map((j) => j.uuid).sort();
      const pageOf = async (orderBy: JobOrder, offset: number) =>
        (await store.read.jobs.listCounted({ companyUuid: tied, statuses: [], orderBy, offset, limit: 2 })).jobs.map((j) => j.uuid);
      expect([...(await pageOf('title_asc', 0)), ...(await pageOf('title_asc', 2)), ...(await pageOf('title_asc', 4))]).toEqual(uuids);
      expect([...(await pageOf('title_desc', 0)), ...(await pageOf('title_desc', 2)), ...(await pageOf('title_desc', 4))]).toEqual([...uuids].reverse());
    });

    it('leaves out the description and the posted address (list items have neither)', async () => {
      const page = await store.read.jobs.listCounted({ companyUuid: company, statuses: [], orderBy: 'title_asc', offset: 0, limit: 1 });
      expect(page.jobs[0]).toEqual({ ...seeded[1], description: '', place: null });
    });
  });

  describe('the use cases on this database', () => {
    const identity = new IdentityTable();
    const clock = new FakeClock('2026-06-01T08:00:00+00:00');
    const pages = new MemoryJobPageCache(() => identity.generation, clock);
    const media = new MemoryMediaStorage();
    const deps = () => ({ store, identity, pages, clock, links: testLinks, media, onOrphan: () => undefined });
    const job = { title: 'Use case', description: 'On PostgreSQL', status: 'active' as const, location: REMOTE };

    it('never lets concurrent creations overshoot the plan, and a refused one leaves no job and no event', async () => {
      const caller = aCaller();
      const company = caller.principal.companyUuid!;
      identity.limits.set(company, 3);
      const results = await Promise.allSettled(Array.from({ length: 8 }, (_, i) => createJob(deps(), caller, { ...job, title: `Race ${i}` })));
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
      for (const r of results) if (r.status === 'rejected') expect(r.reason).toMatchObject({ code: 'api.plan_job_slots_exhausted' });

      expect(await store.read.counters.read(company)).toMatchObject({ active: 3, inactive: 0 });
      expect(await database.db.selectFrom('jobs').select('uuid').where('company_uuid', '=', company).execute()).toHaveLength(3);
      const outbox = await database.db.selectFrom('outbox').select('payload').where('subject', '=', 'jobs.job.created').execute();
      expect(outbox.filter((row) => (row.payload as JobJson).company?.uuid === company)).toHaveLength(3);
    });

    it('publishes created, updated and deleted in order, each carrying the job as a read showed it then', async () => {
      const caller = aCaller();
      const events: BusMessage[] = [];
      const subscription = await bus.subscribe({ subjects: ['jobs.job.*'], handler: async (m) => void events.push(m) });
      const created = await createJob(deps(), caller, job);
      clock.advance(1_000);
      const updated = await updateJob(deps(), caller, { jobUuid: created.uuid, title: 'Renamed' });
      expect(await getJob(deps(), caller, created.uuid)).toEqual(updated);
      clock.advance(1_000);
      await deleteJob(deps(), caller, created.uuid);
      await relay.drain();
      // Drained means published, not yet delivered: closing at once lost the last event once on NATS.
      const mineSoFar = () => events.filter((m) => (m.payload as JobJson).uuid === created.uuid);
      await waitFor(() => mineSoFar().length >= 3, 10_000).catch(() => undefined);
      await subscription.close();

      const mine = mineSoFar();
      expect(mine.map((m) => m.subject)).toEqual(['jobs.job.created', 'jobs.job.updated', 'jobs.job.deleted']);
      expect(mine[0].payload).toEqual(jobJson(created, { description: true }));
      expect(mine[1].payload).toEqual(jobJson(updated, { description: true }));
      expect(mine[2].payload).toMatchObject({ status: 'inactive', title: 'Renamed', updated_at: '2026-06-01T08:00:02+00:00' });
      await expect(getJob(deps(), caller, created.uuid)).rejects.toMatchObject({ code: 'api.job_not_found' });
    });

    it("lists by the clock's creation and update times, totals from the counters, no sleeping between writes", async () => {
      const caller = aCaller();
      const created = [];
      for (const title of ['First', 'Second', 'Third']) {
        clock.advance(1_000);
        created.push(await createJob(deps(), caller, { ...job, status: 'inactive', title }));
      }
      const page = async (orderBy: 'created_asc' | 'updated_desc', rangeTo = 9) => {
        const result = await listJobs(deps(), caller, { statuses: [], orderBy, rangeFrom: 0, rangeTo });
        return { total: result.total, titles: (JSON.parse(result.items_json.toString()) as JobJson[]).map((j) => j.title) };
      };
      expect(await page('created_asc')).toEqual({ total: 3, titles: ['First', 'Second', 'Third'] });
      clock.advance(1_000);
      await updateJob(deps(), caller, { jobUuid: created[0].uuid, description: 'Touched last' });
      expect(await page('updated_desc', 1)).toEqual({ total: 3, titles: ['First', 'Third'] });
    });

    it('serves a page read again from memory while nothing in it changed, and shows every change on the next read', async () => {
      const caller = aCaller();
      const created = await createJob(deps(), caller, { ...job, title: 'Cached' });
      await createJob(deps(), caller, { ...job, status: 'inactive', title: 'Second' });
      const pageQueries = jest.spyOn(store.read.jobs, 'listCounted');
      const list = async () => {
        const result = await listJobs(deps(), caller, { statuses: [], orderBy: 'title_asc', rangeFrom: 0, rangeTo: 9 });
        return { total: result.total, items: JSON.parse(result.items_json.toString()) as JobJson[] };
      };
      try {
        const first = await list();
        expect(await list()).toEqual(first);
        expect(pageQueries).toHaveBeenCalledTimes(1);

        // Each write moves the version in the database, whichever replica made it: the next read renders again.
        await updateJob(deps(), caller, { jobUuid: created.uuid, title: 'Renamed' });
        expect((await list()).items.map((j) => j.title)).toEqual(['Renamed', 'Second']);
        await createJob(deps(), caller, { ...job, title: 'Third' });
        expect((await list()).total).toBe(3);
        await deleteJob(deps(), caller, created.uuid);
        expect(await list()).toMatchObject({ total: 2, items: [{ title: 'Second' }, { title: 'Third' }] });

        // A renamed user: identity's event drops the directory's entry, and with it every rendered page.
        const creator = caller.principal.userUuid;
        identity.rename(creator, 'Renamed Person');
        expect((await list()).items[0].created_by).toMatchObject({ uuid: creator, name: 'Renamed Person' });

        // Nothing changed for longer than the cache keeps a page: read again, the same.
        const calls = pageQueries.mock.calls.length;
        clock.advance(60_000);
        expect((await list()).total).toBe(2);
        expect(pageQueries).toHaveBeenCalledTimes(calls + 1);
      } finally {
        pageQueries.mockRestore();
      }
    });
  });
});
