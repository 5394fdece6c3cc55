import { randomUUID } from 'node:crypto';
import { InterviewsSubjects } from '@vi/contracts';
import { FakeClock } from '@vi/platform-time';
import { deleteInterview } from '../src/application/delete-interview/delete-interview';
import { expireOverdueInterviews } from '../src/application/expire-overdue-interviews/expire-overdue-interviews';
import { listInterviews } from '../src/application/list-interviews/list-interviews';
import { purgeDeletedInterviewMedia } from '../src/application/purge-deleted-interview-media/purge-deleted-interview-media';
import { insertInterview, openInterviewsTestDatabase, type InterviewsTestDatabase } from './database';
import { AT, aCaller, anInterview, aQuestion, aTake, aUserOfCompany } from './factories';
import { MemoryMedia } from './fakes';

/** The time rules interviews apply by sweeping, run with a clock the spec moves (decision 027): no sleep. */
describe('sweeps on a real database', () => {
  const MINUTE = 60_000;
  let t: InterviewsTestDatabase;
  beforeAll(async () => {
    t = await openInterviewsTestDatabase();
  });
  afterAll(() => t.close());

  describe('expiry', () => {
    const companyUuid = randomUUID();
    const at = (minutes: number) => new Date(AT.getTime() + minutes * MINUTE);
    const requested = anInterview({ companyUuid, scheduledAt: at(10) });
    const accepted = anInterview({ companyUuid, scheduledAt: at(10), status: 'accepted' });
    const later = anInterview({ companyUuid, scheduledAt: at(60) });
    const canceled = anInterview({ companyUuid, scheduledAt: at(10), status: 'canceled' });
    const completed = anInterview({ companyUuid, scheduledAt: at(10), type: 'live', status: 'completed', completedAt: at(5) });
    const deleted = anInterview({ companyUuid, scheduledAt: at(10) });
    const clock = new FakeClock(at(9));
    const expiredEvents = async () => (await t.events(InterviewsSubjects.InterviewExpired)).map((event) => event.payload.interview);
    const total = async (statuses: Array<'expired' | 'requested'>) =>
      (
        await listInterviews({ store: t.store, pages: t.pages }, aCaller(aUserOfCompany(companyUuid)), {
          types: [],
          statuses,
          orderBy: 'scheduled_asc',
          rangeFrom: 0,
          rangeTo: 9,
        })
      ).total;

    beforeAll(async () => {
      await t.store.transaction(async (tx) => {
        for (const interview of [requested, accepted, later, canceled, completed, deleted]) await insertInterview(tx, interview, {}, [aQuestion(interview)]);
        await tx.interviews.markDeleted(deleted.uuid, AT);
        await tx.counters.move(companyUuid, deleted.type, deleted.status, null);
      });
    });

    it('expires nothing before the due time, then each open interview due once, with one InterviewExpired showing it expired', async () => {
      expect(await expireOverdueInterviews({ store: t.store, clock })).toBe(0);

      clock.set(at(10));
      expect(await expireOverdueInterviews({ store: t.store, clock })).toBe(2);

      for (const interview of [requested, accepted]) {
        expect(await t.store.read.interviews.findForSupport(interview.uuid)).toEqual({ ...interview, status: 'expired', updatedAt: at(10) });
      }
      const events = await expiredEvents();
      expect(events.map((interview: { uuid: string }) => interview.uuid).sort()).toEqual([requested.uuid, accepted.uuid].sort());
      expect(events[0]).toMatchObject({
        status: 'expired',
        updated_at: '2026-03-02T09:10:00+00:00',
        questions: [expect.objectContaining({ text: 'Tell us about yourself.' })],
      });
      expect(await total(['expired'])).toBe(2);

      clock.advance(49 * MINUTE);
      expect(await expireOverdueInterviews({ store: t.store, clock })).toBe(0);
      for (const interview of [later, canceled, completed])
        expect((await t.store.read.interviews.findForSupport(interview.uuid))?.status).toBe(interview.status);
      expect((await t.store.read.interviews.allOfCandidate(deleted.candidateUuid))[0].status).toBe('requested');
      expect(await expiredEvents()).toHaveLength(2);
    });

    it('lets sweeps running at once (replicas) expire each interview once, in batches', async () => {
      const batch = Array.from({ length: 7 }, () => anInterview({ companyUuid, scheduledAt: at(30) }));
      await t.store.transaction(async (tx) => {
        for (const interview of batch) await insertInterview(tx, interview);
      });
      clock.set(at(30));

      const counts = await Promise.all([1, 2, 3].map(() => expireOverdueInterviews({ store: t.store, clock, batchSize: 2 })));

      expect(counts.reduce((sum, n) => sum + n, 0)).toBe(7);
      const uuids = (await expiredEvents()).map((interview: { uuid: string }) => interview.uuid);
      for (const interview of batch) expect(uuids.filter((uuid: string) => uuid === interview.uuid)).toHaveLength(1);
      expect(await total(['expired'])).toBe(9);
      expect(await total(['requested'])).toBe(1);
    });

    it('expires a live interview when its join window closes (3 h after its start), not when it starts', async () => {
      const live = anInterview({ companyUuid, type: 'live', scheduledAt: at(60) });
      await t.store.transaction((tx) => insertInterview(tx, live));

      clock.set(at(60 + 179));
      await expireOverdueInterviews({ store: t.store, clock });
      expect((await t.store.read.interviews.findForSupport(live.uuid))?.status).toBe('requested');

      clock.set(at(60 + 180));
      expect(await expireOverdueInterviews({ store: t.store, clock })).toBe(1);
      expect((await t.store.read.interviews.findForSupport(live.uuid))?.status).toBe('expired');
    });
  });

  describe('deleted interviews’ videos', () => {
    const GRACE_MS = 60 * MINUTE;

    it('leave media storage once the grace has passed since the deletion, by the clock that deleted them', async () => {
      const clock = new FakeClock(AT);
      const media = new MemoryMedia();
      const sweep = purgeDeletedInterviewMedia({ store: t.store, media, graceMs: GRACE_MS, batchSize: 2 });
      const [first, second, kept] = [anInterview(), anInterview(), anInterview()];
      const questions = [first, second, kept].map((interview) => aQuestion(interview));
      const takes = [questions[0], questions[0], questions[0], questions[1], questions[2]].map((question, i) => aTake(question, { number: i + 1 }));
      await t.store.transaction(async (tx) => {
        for (const [i, interview] of [first, second, kept].entries()) await insertInterview(tx, interview, {}, [questions[i]]);
        for (const take of takes) await tx.takes.insert(take);
      });
      for (const take of takes) media.files.set(take.storageKey, Buffer.from('video'));
      await deleteInterview({ store: t.store, clock }, aCaller(aUserOfCompany(first.companyUuid)), first.uuid);
      clock.advance(10 * MINUTE);
      await deleteInterview({ store: t.store, clock }, aCaller(aUserOfCompany(second.companyUuid)), second.uuid);

      expect(await sweep.run(new Date(AT.getTime() + GRACE_MS))).toBe(0);
      expect(await sweep.run(new Date(AT.getTime() + GRACE_MS + 1))).toBe(3);
      expect([...media.files.keys()].sort()).toEqual([takes[3].storageKey, takes[4].storageKey].sort());
      expect(await sweep.run(clock.advance(GRACE_MS + 1))).toBe(1);
      expect([...media.files.keys()]).toEqual([takes[4].storageKey]);
      expect((await t.store.read.takes.listForInterviews([first.uuid, second.uuid, kept.uuid])).map((take) => take.uuid)).toEqual([takes[4].uuid]);
    });
  });
});
