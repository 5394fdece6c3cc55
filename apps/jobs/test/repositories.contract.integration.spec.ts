import { randomUUID } from 'node:crypto';
import { InProcessBus, OutboxRelay } from '@vi/platform-bus';
import { createLogger } from '@vi/platform-logger';
import { migrateToLatest, openDatabase, StatementLog, type Database } from '@vi/platform-postgres';
import { createTestDatabase, describeRepositoryContract, memoryStore, type TestDatabase } from '@vi/platform-testing';
import { jobsMigrations } from '../migrations';
import type { ClaimRequest, JobsStore, PendingApplication } from '../src/application/store';
import type { Job } from '../src/domain/job';
import type { JobsDatabase } from '../src/infrastructure/jobs.database';
import { createJobsStore } from '../src/infrastructure/jobs.store';
import { aJob, anAddress } from './factories';
import { InMemoryApplications, InMemoryCounters, InMemoryDailyApplications, InMemoryJobs, InMemoryLocations, InMemoryVideoDeletions } from './fakes';

const logger = createLogger('jobs-contract', 'silent');

/**
 * One contract, two implementations (decision 033): what the use cases rely on from jobs' repositories, run against
 * the in-memory fakes their specs use and against the SQL repositories (PGlite, or PostgreSQL with TEST_DATABASE_URL),
 * so a fake that drifts from the SQL fails here. What only the database guarantees (sort orders, locks under
 * concurrency) stays in jobs.integration.spec.ts.
 */
describeRepositoryContract<JobsStore>(
  "jobs' repositories",
  {
    'in memory (test/fakes.ts)': async () => ({
      store: memoryStore({
        jobs: new InMemoryJobs(),
        locations: new InMemoryLocations(),
        counters: new InMemoryCounters(),
        applications: new InMemoryApplications(),
        dailyApplications: new InMemoryDailyApplications(),
        videoDeletions: new InMemoryVideoDeletions(),
      }),
      close: async () => undefined,
    }),
    'SQL (infrastructure/)': async () => {
      const testDb: TestDatabase = await createTestDatabase();
      const database: Database<JobsDatabase> = await openDatabase<JobsDatabase>({ url: testDb.url, schema: 'jobs', embedded: testDb.embedded });
      await migrateToLatest(database.db, 'jobs', jobsMigrations, logger);
      const bus = new InProcessBus(logger);
      const relay = new OutboxRelay(database.db, bus, logger);
      const statements = new StatementLog();
      return {
        statements,
        store: createJobsStore(statements.recording(database.db), relay),
        close: async () => {
          await relay.stop();
          await bus.close();
          await database.close();
          await testDb.drop();
        },
      };
    },
  },
  (store) => {
    /** A job stored as the use cases store one: its location first. */
    async function stored(overrides: Partial<Job> = {}): Promise<Job> {
      const job = aJob(overrides);
      return store().transaction(async (tx) => {
        const location = await tx.locations.findOrCreate(job.companyUuid, anAddress({ city: job.locationAddress }));
        const withLocation = { ...job, locationUuid: location.uuid, locationAddress: location.formattedAddress };
        await tx.jobs.insert(withLocation);
        return withLocation;
      });
    }

    it('keeps the address or the work mode a job was posted with, and a change of either', async () => {
      const lyon = anAddress({ city: 'Lyon', state: '', country: 'France' });
      const job = await stored({ place: lyon });
      expect((await store().read.jobs.find(job.companyUuid, job.uuid))?.place).toEqual(lyon);
      const hybrid = { kind: 'locality' as const, workMode: 'hybrid' as const, workPlace: 'Lyon hub' };
      await store().transaction((tx) => tx.jobs.update({ ...job, place: hybrid }));
      expect((await store().read.jobs.find(job.companyUuid, job.uuid))?.place).toEqual(hybrid);
    });

    it('finds a live job of its company only, and no longer once it is deleted', async () => {
      const job = await stored();
      expect(await store().read.jobs.find(job.companyUuid, job.uuid)).toEqual(job);
      expect(await store().read.jobs.find(aJob().companyUuid, job.uuid)).toBeUndefined();
      await store().transaction((tx) => tx.jobs.markDeleted(job.uuid, new Date('2026-11-02T00:00:00Z')));
      expect(await store().read.jobs.find(job.companyUuid, job.uuid)).toBeUndefined();
    });

    it('keeps what an update writes', async () => {
      const job = await stored();
      const changed = { ...job, title: 'Staff engineer', status: 'active' as const, updatedAt: new Date('2026-11-03T00:00:00Z') };
      await store().transaction((tx) => tx.jobs.update(changed));
      expect(await store().read.jobs.find(job.companyUuid, job.uuid)).toEqual(changed);
    });

    it('keeps an open interview with its job and finds the live job by its uuid, in any company', async () => {
      const openInterview = {
        uuid: randomUUID(),
        status: 'active' as const,
        expiresAt: new Date('2027-01-01T10:00:00.123Z'),
        createdBy: randomUUID(),
        questions: [{ uuid: randomUUID(), text: 'Why us?', timeLimit: 60, takes: -1, thinkTime: '30' }],
        applicationsPerDay: 25,
      };
      const job = await stored({ openInterview });
      expect(await store().read.jobs.find(job.companyUuid, job.uuid)).toEqual(job);
      expect(await store().read.jobs.findByOpenInterview(openInterview.uuid)).toEqual(job);
      const closed = { ...job, openInterview: { ...openInterview, status: 'inactive' as const } };
      await store().transaction((tx) => tx.jobs.update(closed));
      expect(await store().read.jobs.findByOpenInterview(openInterview.uuid)).toEqual(closed);
      await store().transaction((tx) => tx.jobs.markDeleted(job.uuid, new Date('2026-11-02T00:00:00Z')));
      expect(await store().read.jobs.findByOpenInterview(openInterview.uuid)).toBeUndefined();
      expect(await store().read.jobs.findByOpenInterview(randomUUID())).toBeUndefined();
    });

    it('keeps a video with its job and finds the live job by its uuid, in any company, until replaced, removed or deleted', async () => {
      const video = {
        uuid: randomUUID(),
        storageKey: 'jobs/j/v.webm',
        contentType: 'video/webm' as const,
        size: 123_456,
        durationSeconds: 42.48,
        createdAt: new Date('2026-11-27T10:00:00.123Z'),
        captions: null,
      };
      const job = await stored({ video });
      expect(await store().read.jobs.find(job.companyUuid, job.uuid)).toEqual(job);
      expect(await store().read.jobs.findByVideo(video.uuid)).toEqual(job);
      const replaced = { ...job, video: { ...video, uuid: randomUUID(), contentType: 'video/mp4' as const } };
      await store().transaction((tx) => tx.jobs.update(replaced));
      expect(await store().read.jobs.findByVideo(video.uuid)).toBeUndefined();
      expect(await store().read.jobs.findByVideo(replaced.video.uuid)).toEqual(replaced);
      await store().transaction((tx) => tx.jobs.update({ ...replaced, video: null }));
      expect(await store().read.jobs.findByVideo(replaced.video.uuid)).toBeUndefined();
      expect((await store().read.jobs.find(job.companyUuid, job.uuid))?.video).toBeNull();
      await store().transaction((tx) => tx.jobs.update(replaced));
      await store().transaction((tx) => tx.jobs.markDeleted(job.uuid, new Date('2026-11-02T00:00:00Z')));
      expect(await store().read.jobs.findByVideo(replaced.video.uuid)).toBeUndefined();
    });

    it("keeps a video's captions (issue 42) in its column, and a video without them", async () => {
      const captions = { uuid: randomUUID(), storageKey: 'jobs/j/v.captions.c.vtt', size: 321, createdAt: new Date('2026-11-27T10:05:00.456Z') };
      const video = {
        uuid: randomUUID(),
        storageKey: 'jobs/j/v.webm',
        contentType: 'video/webm' as const,
        size: 1000,
        durationSeconds: 12,
        createdAt: new Date('2026-11-27T10:00:00.123Z'),
        captions,
      };
      const job = await stored({ video });
      expect((await store().read.jobs.find(job.companyUuid, job.uuid))?.video).toEqual(video);
      expect((await store().read.jobs.findByVideo(video.uuid))?.video?.captions).toEqual(captions);
      await store().transaction((tx) => tx.jobs.update({ ...job, video: { ...video, captions: null } }));
      expect((await store().read.jobs.find(job.companyUuid, job.uuid))?.video?.captions).toBeNull();
    });

    const request = (openInterviewUuid: string, emailKey: string, at: Date, staleBefore: Date, pending: PendingApplication): ClaimRequest => ({
      openInterviewUuid,
      emailKey,
      at,
      staleBefore,
      interviewUuid: randomUUID(),
      pending,
    });
    const pending = (email: string) => ({
      applicant: { name: 'Ann Applicant', email, phone: '555 0100', phoneParsed: '+15555550100', hasSmsConsent: true, language: 'fr' },
      scheduledAt: new Date('2026-12-04T10:00:00Z'),
    });

    it('keeps what a claim is made from until it is attached or refused; the resume sweep takes each stale one once, oldest first', async () => {
      const open = randomUUID();
      const at = (minute: number) => new Date(Date.UTC(2026, 10, 27, 10, minute));
      const claim = (email: string, minute: number) =>
        store().transaction((tx) => tx.applications.claim(request(open, email, at(minute), at(minute - 1), pending(email))));
      const take = (minute: number, staleBefore: number, limit = 10) =>
        store().transaction((tx) => tx.applications.takeResumable(at(minute), at(staleBefore), limit));
      const failed = await claim('failed', 0);
      const stopped = await claim('stopped', 1);
      const attached = await claim('attached', 2);
      await claim('refused', 3);
      await store().transaction((tx) => tx.applications.release(open, 'failed', false));
      await store().transaction((tx) => tx.applications.attach(open, 'attached', attached!));
      await store().transaction((tx) => tx.applications.release(open, 'refused', true));

      // Nothing stale yet but the failed claim (given back: stale at once).
      expect(await take(4, 0)).toEqual([{ openInterviewUuid: open, emailKey: 'failed', interviewUuid: failed, pending: pending('failed') }]);
      // Taken: not again until stale once more; the stopped process's claim once stale; never the attached or refused.
      expect(await take(5, 3)).toEqual([{ openInterviewUuid: open, emailKey: 'stopped', interviewUuid: stopped, pending: pending('stopped') }]);
      expect(await take(6, 4)).toEqual([]);
      expect((await take(20, 19, 1)).map((a) => a.emailKey)).toEqual(['failed']);
      expect((await take(20, 19)).map((a) => a.emailKey)).toEqual(['stopped']);
      // A new application of the email takes the claim over once stale, under the same uuid, with what it sent.
      expect(await store().transaction((tx) => tx.applications.claim(request(open, 'stopped', at(40), at(39), pending('new@example.com'))))).toBe(stopped);
      expect((await take(60, 59)).map((a) => [a.emailKey, a.pending.applicant.email]).sort()).toEqual([
        ['failed', 'failed'],
        ['stopped', 'new@example.com'],
      ]);
    });

    it("claims an email's application once under one interview uuid, gives back a failed claim, and re-sends at most once per interval", async () => {
      const open = randomUUID();
      const at = (minute: number) => new Date(Date.UTC(2026, 10, 27, 10, minute));
      const apps = () => store().read.applications;
      const claim = (minute: number, staleBefore: number) =>
        store().transaction((tx) => tx.applications.claim(request(open, 'ann', at(minute), at(staleBefore), pending('ann@example.com'))));
      const resend = (minute: number, lastBefore: number) => store().transaction((tx) => tx.applications.markResent(open, 'ann', at(minute), at(lastBefore)));
      const interviewUuid = await claim(0, -1);
      expect(interviewUuid).toEqual(expect.any(String));
      expect(await claim(0, -1)).toBeUndefined();
      // A claim that never got its interview is taken over once stale, or at once when given back: under the first
      // claim's uuid each time (its creation may have been made).
      expect(await claim(2, 1)).toBe(interviewUuid);
      await store().transaction((tx) => tx.applications.release(open, 'ann', true));
      expect(await apps().find(open, 'ann')).toEqual({ interviewUuid: null, resentAt: null });
      expect(await claim(3, -100)).toBe(interviewUuid);

      await store().transaction((tx) => tx.applications.attach(open, 'ann', interviewUuid!));
      await store().transaction((tx) => tx.applications.release(open, 'ann', true));
      expect(await apps().find(open, 'ann')).toEqual({ interviewUuid, resentAt: null });
      expect(await claim(30, 29)).toBeUndefined();
      // The first re-send at once, the next only once the interval since it has passed.
      expect(await resend(4, -6)).toBe(true);
      expect(await resend(5, -5)).toBe(false);
      expect(await resend(14, 4)).toBe(true);
      expect(await apps().find(open, 'ann')).toEqual({ interviewUuid, resentAt: at(14) });
      expect(await apps().find(randomUUID(), 'ann')).toBeUndefined();
    });

    // Issue 38: concurrent applications never pass an open interview's daily cap.
    it("counts an open interview's applications per day up to its cap, concurrent ones included; another day and another link count apart", async () => {
      const open = randomUUID();
      const count = (day: string, link = open) => store().statement((write) => write.dailyApplications.count(link, day, 3));
      const counted = await Promise.all(Array.from({ length: 10 }, () => count('2026-12-06')));
      expect(counted.filter(Boolean)).toHaveLength(3);
      expect(await count('2026-12-06')).toBe(false);
      expect(await count('2026-12-07')).toBe(true);
      expect(await count('2026-12-06', randomUUID())).toBe(true);
    });

    it('lists the video objects due for deletion, the longest due first; a key scheduled again takes its new time, a forgotten one is gone', async () => {
      const at = (minute: number) => new Date(Date.UTC(2026, 10, 28, 10, minute));
      const [a, b, c] = ['a', 'b', 'c'].map((name) => `jobs/${randomUUID()}/${name}.webm`);
      await store().transaction(async (tx) => {
        await tx.videoDeletions.schedule(c, at(3));
        await tx.videoDeletions.schedule(a, at(1));
        await tx.videoDeletions.schedule(b, at(2));
      });
      const deletions = () => store().read.videoDeletions;
      expect(await deletions().due(at(2), 10)).toEqual([a, b]);
      expect(await deletions().due(at(2), 1)).toEqual([a]);
      expect(await deletions().due(at(0), 10)).toEqual([]);
      await deletions().schedule(b, at(5));
      expect(await deletions().due(at(4), 10)).toEqual([a, c]);
      await deletions().forget([a, 'jobs/never-scheduled.webm']);
      await deletions().forget([]);
      expect(await deletions().due(at(10), 10)).toEqual([c, b]);
      // Forgotten in a transaction that fails: still due.
      await expect(
        store().transaction(async (tx) => {
          await tx.videoDeletions.forget([c]);
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      expect(await deletions().due(at(10), 10)).toEqual([c, b]);
    });

    it("lists a company's live jobs of one status, without their description or posted address, a page at a time", async () => {
      const companyUuid = aJob().companyUuid;
      const active = [await stored({ companyUuid, status: 'active' }), await stored({ companyUuid, status: 'active' })];
      await stored({ companyUuid, status: 'inactive' });
      const gone = await stored({ companyUuid, status: 'active' });
      await store().transaction((tx) => tx.jobs.markDeleted(gone.uuid, new Date('2026-11-02T00:00:00Z')));
      await stored({ status: 'active' });

      const query = { companyUuid, statuses: ['active' as const], orderBy: 'created_desc' as const, offset: 0, limit: 10 };
      const { jobs } = await store().read.jobs.listCounted(query);
      const byUuid = (a: Job, b: Job) => a.uuid.localeCompare(b.uuid);
      expect(jobs.sort(byUuid)).toEqual(active.map((j) => ({ ...j, description: '', place: null })).sort(byUuid));
      expect((await store().read.jobs.listCounted({ ...query, limit: 1 })).jobs).toHaveLength(1);
      expect((await store().read.jobs.listCounted({ ...query, offset: 2 })).jobs).toEqual([]);
    });

    it('counts new jobs up to the active limit, moves them between statuses, and moves the version with every change', async () => {
      const companyUuid = aJob().companyUuid;
      expect(await store().read.counters.read(companyUuid)).toEqual({ active: 0, inactive: 0, version: 0 });
      const counted = await store().transaction(async (tx) => {
        await tx.counters.lock(companyUuid);
        return [await tx.counters.countNew(companyUuid, 'active', 1), await tx.counters.countNew(companyUuid, 'inactive', 1)];
      });
      expect(counted).toEqual([true, true]);
      expect(await store().transaction((tx) => tx.counters.countNew(companyUuid, 'active', 1))).toBe(false);
      expect(await store().read.counters.read(companyUuid)).toEqual({ active: 1, inactive: 1, version: 2 });

      await store().transaction(async (tx) => {
        await tx.counters.lock(companyUuid);
        await tx.counters.move(companyUuid, 'active', 'inactive');
        await tx.counters.move(companyUuid, 'inactive', null);
      });
      expect(await store().read.counters.read(companyUuid)).toEqual({ active: 0, inactive: 1, version: 4 });
      expect(await store().transaction((tx) => tx.counters.countNew(companyUuid, 'active', -1))).toBe(true);
    });

    it('gives one location per company and address, the same whenever it is asked again', async () => {
      const companyUuid = aJob().companyUuid;
      const first = await store().transaction((tx) => tx.locations.findOrCreate(companyUuid, anAddress({ city: 'Lyon' })));
      const again = await store().transaction((tx) => tx.locations.findOrCreate(companyUuid, anAddress({ city: 'Lyon' })));
      const elsewhere = await store().transaction((tx) => tx.locations.findOrCreate(aJob().companyUuid, anAddress({ city: 'Lyon' })));
      expect(again).toEqual(first);
      expect(first.formattedAddress).toContain('Lyon');
      expect(elsewhere.uuid).not.toBe(first.uuid);
    });
  },
  { sqlSnapshotsOf: 'SQL (infrastructure/)' },
);
