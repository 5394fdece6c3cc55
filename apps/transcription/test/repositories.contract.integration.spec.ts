import { randomUUID } from 'node:crypto';
import { StatementLog } from '@vi/platform-postgres';
import { describeRepositoryContract, memoryStore, openMigratedTestDatabase } from '@vi/platform-testing';
import { transcriptionMigrations } from '../migrations';
import type { TranscriptionStore } from '../src/application/store';
import type { TranscriptionDatabase } from '../src/infrastructure/transcription.database';
import { createTranscriptionStore } from '../src/infrastructure/transcription.store';
import { aTranscript } from './factories';
import { inMemoryRepositories } from './fakes';

/**
 * One contract, two implementations (decision 033): what the transcription use cases and its worker rely on from
 * their repositories, run against the in-memory fakes and against the SQL repositories (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL). Each test starts from an empty store: the queue's claims see every row.
 */
describeRepositoryContract<TranscriptionStore>(
  "transcription's repositories",
  {
    'in memory (test/fakes.ts)': async () => {
      const store = memoryStore(inMemoryRepositories());
      return { store, clear: async () => void Object.assign(store.read, inMemoryRepositories()), close: async () => undefined };
    },
    'SQL (infrastructure/)': async () => {
      const database = await openMigratedTestDatabase<TranscriptionDatabase>('transcription', transcriptionMigrations);
      const statements = new StatementLog();
      return {
        store: createTranscriptionStore(statements.recording(database.db), { kick: () => undefined }),
        clear: async () => {
          await database.db.deleteFrom('transcripts').execute();
          await database.db.deleteFrom('company_settings').execute();
        },
        close: () => database.close(),
        statements,
      };
    },
  },
  (store) => {
    const at = (iso: string) => new Date(iso);
    const claim = (now: string, limit: number, leaseUntil: string) => store().transaction((tx) => tx.transcripts.claimDue(at(now), limit, at(leaseUntil)));

    describe('transcripts', () => {
      it('keeps one per take or recording: a second insert makes nothing; finds it in its company and interview only', async () => {
        const transcript = aTranscript();
        expect(await store().transaction((tx) => tx.transcripts.insertIfAbsent(transcript))).toBe(true);
        expect(await store().transaction((tx) => tx.transcripts.insertIfAbsent({ ...transcript, uuid: randomUUID(), language: 'fr' }))).toBe(false);
        const { companyUuid, interviewUuid, source } = transcript;
        expect(await store().read.transcripts.find(companyUuid, interviewUuid, source.uuid)).toEqual(transcript);
        expect(await store().read.transcripts.find(randomUUID(), interviewUuid, source.uuid)).toBeUndefined();
        expect(await store().read.transcripts.find(companyUuid, randomUUID(), source.uuid)).toBeUndefined();
      });

      it("keeps a recording's (no question) and a done one's segments and text as written", async () => {
        const recording = aTranscript({
          source: { kind: 'recording', uuid: randomUUID() },
          status: 'done',
          text: 'Hello there',
          segments: [
            { startMs: 0, endMs: 1500, text: 'Hello' },
            { startMs: 1500, endMs: 2250, text: 'there' },
          ],
          nextAttemptAt: null,
        });
        await store().transaction((tx) => tx.transcripts.insertIfAbsent(recording));
        expect(await store().read.transcripts.find(recording.companyUuid, recording.interviewUuid, recording.source.uuid)).toEqual(recording);
      });

      it("lists those interviews' transcripts of one company, by interview then creation", async () => {
        const company = randomUUID();
        const [first, second] = [randomUUID(), randomUUID()].sort();
        const later = aTranscript({ companyUuid: company, interviewUuid: first, createdAt: at('2026-03-01T11:00:00Z') });
        const earlier = aTranscript({ companyUuid: company, interviewUuid: first, createdAt: at('2026-03-01T09:00:00Z') });
        const ofSecond = aTranscript({ companyUuid: company, interviewUuid: second });
        const otherCompany = aTranscript({ interviewUuid: first });
        for (const t of [later, ofSecond, earlier, otherCompany]) await store().transaction((tx) => tx.transcripts.insertIfAbsent(t));
        expect((await store().read.transcripts.listOf(company, [first, second])).map((t) => t.uuid)).toEqual([earlier.uuid, later.uuid, ofSecond.uuid]);
        expect(await store().read.transcripts.listOf(company, [])).toEqual([]);
      });

      it('asks again: makes one, or sets the one there back to pending, due, unleased, its last text kept', async () => {
        const made = aTranscript();
        expect(await store().transaction((tx) => tx.transcripts.request(made))).toEqual(made);
        const done = aTranscript({ status: 'done', text: 'Old words', segments: [{ startMs: 0, endMs: 900, text: 'Old words' }], attempts: 3, failure: 'x' });
        await store().transaction((tx) => tx.transcripts.insertIfAbsent(done));
        const again = { ...aTranscript({ source: done.source, companyUuid: done.companyUuid, interviewUuid: done.interviewUuid }), language: 'de' };
        again.nextAttemptAt = at('2026-04-01T08:00:00Z');
        again.updatedAt = at('2026-04-01T08:00:00Z');
        const answered = await store().transaction((tx) => tx.transcripts.request(again));
        expect(answered).toEqual({
          ...done,
          status: 'pending',
          language: 'de',
          attempts: 0,
          failure: null,
          leaseUntil: null,
          nextAttemptAt: at('2026-04-01T08:00:00Z'),
          updatedAt: at('2026-04-01T08:00:00Z'),
        });
      });

      it('claims due, unleased pending ones only, oldest due first, at most the limit, each with one attempt more and the lease', async () => {
        const soon = aTranscript({ nextAttemptAt: at('2026-03-01T10:00:00Z') });
        const sooner = aTranscript({ nextAttemptAt: at('2026-03-01T09:00:00Z') });
        const third = aTranscript({ nextAttemptAt: at('2026-03-01T09:30:00Z') });
        const later = aTranscript({ nextAttemptAt: at('2026-03-01T12:00:00Z') });
        const done = aTranscript({ status: 'done', nextAttemptAt: null });
        for (const t of [soon, sooner, third, later, done]) await store().transaction((tx) => tx.transcripts.insertIfAbsent(t));
        const claimed = await claim('2026-03-01T10:00:00Z', 2, '2026-03-01T10:30:00Z');
        expect(claimed.map((t) => t.uuid)).toEqual([sooner.uuid, third.uuid]);
        expect(claimed[0]).toMatchObject({ attempts: 1, leaseUntil: at('2026-03-01T10:30:00Z') });
        // Leased ones are another worker's: the next claim takes the one left.
        expect((await claim('2026-03-01T10:00:00Z', 5, '2026-03-01T10:30:00Z')).map((t) => t.uuid)).toEqual([soon.uuid]);
        expect(await claim('2026-03-01T10:10:00Z', 5, '2026-03-01T10:40:00Z')).toEqual([]);
        expect(await claim('2026-03-01T10:10:00Z', 0, '2026-03-01T10:40:00Z')).toEqual([]);
        // A crashed worker's lease runs out: claimed again, an attempt more.
        const again = await claim('2026-03-01T10:31:00Z', 5, '2026-03-01T11:01:00Z');
        expect(again.map((t) => [t.uuid, t.attempts])).toEqual([
          [sooner.uuid, 2],
          [third.uuid, 2],
          [soon.uuid, 2],
        ]);
      });

      it('gives two workers claiming at once different transcripts (for update skip locked), each at most its limit', async () => {
        const due = Array.from({ length: 5 }, (_, i) => aTranscript({ nextAttemptAt: at(`2026-03-01T09:0${i}:00Z`) }));
        for (const t of due) await store().transaction((tx) => tx.transcripts.insertIfAbsent(t));
        const [a, b] = await Promise.all([claim('2026-03-01T10:00:00Z', 2, '2026-03-01T10:30:00Z'), claim('2026-03-01T10:00:00Z', 2, '2026-03-01T10:30:00Z')]);
        const taken = [...a, ...b].map((t) => t.uuid);
        expect(a).toHaveLength(2);
        expect(b).toHaveLength(2);
        expect(new Set(taken).size).toBe(4);
        expect((await claim('2026-03-01T10:00:00Z', 5, '2026-03-01T10:30:00Z')).map((t) => t.uuid)).toEqual(
          due.map((t) => t.uuid).filter((uuid) => !taken.includes(uuid)),
        );
      });

      it('ends a try done, pending again or failed only with its lease; a lost lease changes nothing', async () => {
        const t = aTranscript();
        await store().transaction((tx) => tx.transcripts.insertIfAbsent(t));
        const [claimed] = await claim('2026-03-01T10:00:00Z', 1, '2026-03-01T10:30:00Z');
        const retry = { status: 'pending' as const, failure: 'engine answered 429', nextAttemptAt: at('2026-03-01T10:00:04Z') };
        expect(
          await store().transaction((tx) => tx.transcripts.complete(t.uuid, at('2026-03-01T10:29:00Z'), retry, at('2026-03-01T10:00:01Z'))),
        ).toBeUndefined();
        const pending = await store().transaction((tx) => tx.transcripts.complete(t.uuid, claimed.leaseUntil!, retry, at('2026-03-01T10:00:01Z')));
        expect(pending).toEqual({
          ...claimed,
          failure: 'engine answered 429',
          nextAttemptAt: retry.nextAttemptAt,
          leaseUntil: null,
          updatedAt: at('2026-03-01T10:00:01Z'),
        });
        expect(await claim('2026-03-01T10:00:02Z', 1, '2026-03-01T10:30:00Z')).toEqual([]);
        const [second] = await claim('2026-03-01T10:00:04Z', 1, '2026-03-01T10:30:04Z');
        const segments = [{ startMs: 0, endMs: 5000, text: 'Bonjour' }];
        const done = await store().transaction((tx) =>
          tx.transcripts.complete(t.uuid, second.leaseUntil!, { status: 'done', language: 'fr', text: 'Bonjour', segments }, at('2026-03-01T10:00:09Z')),
        );
        expect(done).toEqual({
          ...second,
          status: 'done',
          language: 'fr',
          text: 'Bonjour',
          segments,
          failure: null,
          nextAttemptAt: null,
          leaseUntil: null,
          updatedAt: at('2026-03-01T10:00:09Z'),
        });
        // Done: a late second end of the same try changes nothing.
        expect(
          await store().transaction((tx) =>
            tx.transcripts.complete(t.uuid, second.leaseUntil!, { status: 'failed', failure: 'late' }, at('2026-03-01T10:01:00Z')),
          ),
        ).toBeUndefined();
        expect(await store().read.transcripts.find(t.companyUuid, t.interviewUuid, t.source.uuid)).toEqual(done);
      });

      it('gives a try back uncounted (its worker stopped): pending, due, the attempt undone', async () => {
        const t = aTranscript({ attempts: 2 });
        await store().transaction((tx) => tx.transcripts.insertIfAbsent(t));
        const [claimed] = await claim('2026-03-01T10:00:00Z', 1, '2026-03-01T10:30:00Z');
        expect(claimed.attempts).toBe(3);
        const back = { status: 'pending' as const, failure: 'the worker stopped', nextAttemptAt: at('2026-03-01T10:00:01Z'), attempts: 2 };
        expect(await store().transaction((tx) => tx.transcripts.complete(t.uuid, claimed.leaseUntil!, back, at('2026-03-01T10:00:01Z')))).toMatchObject({
          status: 'pending',
          attempts: 2,
          leaseUntil: null,
        });
        expect((await claim('2026-03-01T10:00:01Z', 1, '2026-03-01T10:30:01Z')).map((c) => c.attempts)).toEqual([3]);
      });

      it('ends a try failed with the failure kept, and no longer due', async () => {
        const t = aTranscript();
        await store().transaction((tx) => tx.transcripts.insertIfAbsent(t));
        const [claimed] = await claim('2026-03-01T10:00:00Z', 1, '2026-03-01T10:30:00Z');
        const failed = await store().transaction((tx) =>
          tx.transcripts.complete(t.uuid, claimed.leaseUntil!, { status: 'failed', failure: 'engine answered 500' }, at('2026-03-01T10:00:05Z')),
        );
        expect(failed).toMatchObject({ status: 'failed', failure: 'engine answered 500', nextAttemptAt: null, leaseUntil: null, attempts: 1 });
        expect(await claim('2026-03-02T10:00:00Z', 5, '2026-03-02T10:30:00Z')).toEqual([]);
      });

      it("deletes an interview's transcripts, and no other's", async () => {
        const interview = randomUUID();
        const a = aTranscript({ interviewUuid: interview });
        const b = aTranscript({ interviewUuid: interview, companyUuid: a.companyUuid, source: { kind: 'recording', uuid: randomUUID() } });
        const other = aTranscript({ companyUuid: a.companyUuid });
        for (const t of [a, b, other]) await store().transaction((tx) => tx.transcripts.insertIfAbsent(t));
        await store().transaction((tx) => tx.transcripts.deleteOfInterview(interview));
        expect(await store().read.transcripts.listOf(a.companyUuid, [interview, other.interviewUuid])).toEqual([other]);
      });

      it("deletes the named takes' transcripts of an interview, not its recording's nor another interview's", async () => {
        const interview = randomUUID();
        const at0 = new Date('2026-03-01T10:00:00.000Z');
        const purged = aTranscript({ interviewUuid: interview, createdAt: at0 });
        const kept = aTranscript({ interviewUuid: interview, companyUuid: purged.companyUuid, createdAt: new Date(at0.getTime() + 1) });
        const recording = aTranscript({
          interviewUuid: interview,
          companyUuid: purged.companyUuid,
          source: { kind: 'recording', uuid: randomUUID() },
          createdAt: new Date(at0.getTime() + 2),
        });
        for (const t of [purged, kept, recording]) await store().transaction((tx) => tx.transcripts.insertIfAbsent(t));
        await store().transaction((tx) => tx.transcripts.deleteOfTakes(interview, [purged.source.uuid, recording.source.uuid]));
        // A take named with another interview is not that interview's: nothing goes.
        await store().transaction((tx) => tx.transcripts.deleteOfTakes(randomUUID(), [kept.source.uuid]));
        await store().transaction((tx) => tx.transcripts.deleteOfTakes(interview, []));
        expect(await store().read.transcripts.listOf(purged.companyUuid, [interview])).toEqual([kept, recording]);
      });
    });

    describe('settings', () => {
      it('has none for a company that never changed it, then the last one saved', async () => {
        const company = randomUUID();
        expect(await store().read.settings.find(company)).toBeUndefined();
        await store().transaction((tx) => tx.settings.save({ companyUuid: company, transcription: true, updatedAt: at('2026-03-01T10:00:00.123Z') }));
        await store().transaction((tx) => tx.settings.save({ companyUuid: randomUUID(), transcription: true, updatedAt: at('2026-03-01T10:00:00Z') }));
        expect(await store().read.settings.find(company)).toEqual({ companyUuid: company, transcription: true, updatedAt: at('2026-03-01T10:00:00.123Z') });
        await store().transaction((tx) => tx.settings.save({ companyUuid: company, transcription: false, updatedAt: at('2026-03-02T10:00:00Z') }));
        expect(await store().read.settings.find(company)).toEqual({ companyUuid: company, transcription: false, updatedAt: at('2026-03-02T10:00:00Z') });
      });
    });

    describe('processed events', () => {
      it('records an event once', async () => {
        const eventId = randomUUID();
        expect(await store().transaction((tx) => tx.processedEvents.markProcessed(eventId))).toBe(true);
        expect(await store().transaction((tx) => tx.processedEvents.markProcessed(eventId))).toBe(false);
      });
    });
  },
  { sqlSnapshotsOf: 'SQL (infrastructure/)' },
);
