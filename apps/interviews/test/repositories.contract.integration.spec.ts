import { randomUUID } from 'node:crypto';
import { describeRepositoryContract, memoryStore } from '@vi/platform-testing';
import { isUniqueViolation, StatementLog } from '@vi/platform-postgres';
import type { CompanyRow, InterviewListQuery, InterviewsStore, JobPostRow, PersonRow } from '../src/application/store';
import { insertInterview, openInterviewsTestDatabase } from './database';
import {
  aBasicShareLink,
  aChatMessage,
  aCompany,
  aJobRow,
  anInterview,
  aPerson,
  aQuestion,
  aQuestionSet,
  aQuestionSetQuestion,
  aRecording,
  AT,
  aTake,
} from './factories';
import {
  MemoryCounters,
  MemoryCompanyMedia,
  MemoryCreations,
  MemoryInterviews,
  MemoryLiveCalls,
  MemoryProjections,
  MemoryQuestions,
  MemoryQuestionSets,
  MemoryRecordings,
  MemoryShareLinks,
  MemoryTakes,
  MemoryTranscriptionSettings,
  MemoryTranscriptSearch,
} from './fakes';

const later = (ms: number) => new Date(AT.getTime() + ms);

/**
 * One contract, two implementations (decision 033): interviews' repositories as its use cases rely on them, run
 * against the in-memory fakes their specs use and against the SQL repositories (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL, decision 027). What only the database guarantees (locks, unique take numbers, the sort keys it
 * derives) stays in repositories.integration.spec.ts.
 */
describeRepositoryContract<InterviewsStore>(
  "interviews' repositories",
  {
    'in memory (test/fakes.ts)': async () => {
      const [projections, shareLinks] = [new MemoryProjections(), new MemoryShareLinks()];
      const search = new MemoryTranscriptSearch(() => interviews);
      const interviews: MemoryInterviews = new MemoryInterviews([], { projections, shareLinks, search });
      const written = {
        interviews,
        questions: new MemoryQuestions(),
        counters: new MemoryCounters([], interviews),
        projections,
      };
      const takes = new MemoryTakes();
      const recordings = new MemoryRecordings();
      return {
        store: memoryStore({
          ...written,
          takes,
          recordings,
          liveCalls: new MemoryLiveCalls([], interviews),
          questionSets: new MemoryQuestionSets(),
          shareLinks,
          creations: new MemoryCreations(written),
          companyMedia: new MemoryCompanyMedia({ interviews: written.interviews, takes, recordings }),
          transcriptionSettings: new MemoryTranscriptionSettings(),
          transcriptSearch: search,
        }),
        close: async () => undefined,
      };
    },
    'SQL (infrastructure/)': async () => {
      const statements = new StatementLog();
      const database = await openInterviewsTestDatabase(statements);
      return { store: database.store, close: () => database.close(), statements };
    },
  },
  (store) => {
    describe('interviews', () => {
      it('round-trips every field, and finds an interview only through its company or its job seeker while not deleted', async () => {
        const interview = anInterview({
          rating: 3.5,
          ratedBy: randomUUID(),
          ratedAt: AT,
          phone: '06 12',
          phoneParsed: '+3312',
          hasSmsConsent: true,
          completedAt: AT,
        });
        const repos = store().read;
        await insertInterview(repos, interview);

        expect(await repos.interviews.find(interview.companyUuid, interview.uuid)).toEqual(interview);
        expect(await repos.interviews.findAssigned(interview.uuid, interview.candidateUuid)).toEqual(interview);
        expect(await repos.interviews.findForSupport(interview.uuid)).toEqual(interview);
        expect(await repos.interviews.findManyForSupport([interview.uuid, randomUUID()])).toEqual([interview]);
        expect(await repos.interviews.findMany(interview.companyUuid, [interview.uuid, randomUUID()])).toEqual([interview]);
        expect(await repos.interviews.find(randomUUID(), interview.uuid)).toBeUndefined();
        expect(await repos.interviews.findAssigned(interview.uuid, randomUUID())).toBeUndefined();
        expect(await repos.interviews.findMany(randomUUID(), [interview.uuid])).toEqual([]);

        await repos.interviews.markDeleted(interview.uuid, later(1000));
        expect(await repos.interviews.find(interview.companyUuid, interview.uuid)).toBeUndefined();
        expect(await repos.interviews.findAssigned(interview.uuid, interview.candidateUuid)).toBeUndefined();
        expect(await repos.interviews.findForSupport(interview.uuid)).toBeUndefined();
        expect(await repos.interviews.findManyForSupport([interview.uuid])).toEqual([]);
        expect(await repos.interviews.allOfCandidate(interview.candidateUuid)).toEqual([{ ...interview, updatedAt: later(1000), deletedAt: later(1000) }]);
      });

      it('inserts a bulk invitation’s interviews together, and counts them with one move', async () => {
        const first = anInterview();
        const repos = store().read;
        await insertInterview(repos, first);
        const same = { companyUuid: first.companyUuid, jobUuid: first.jobUuid, candidateUuid: first.candidateUuid, createdBy: first.createdBy };
        const batch = [anInterview(same), anInterview({ ...same, type: 'live' }), anInterview(same)];

        await repos.interviews.insert(batch.map((interview) => ({ interview, keys: { candidateKey: 'c', jobKey: 'j', companyKey: 'k' } })));
        await repos.counters.move(first.companyUuid, 'one_way', null, 'requested', 2);

        const found = await repos.interviews.findMany(
          first.companyUuid,
          batch.map((i) => i.uuid),
        );
        expect(found.sort((a, b) => a.uuid.localeCompare(b.uuid))).toEqual([...batch].sort((a, b) => a.uuid.localeCompare(b.uuid)));
        expect(await repos.counters.total(first.companyUuid, ['one_way'], ['requested'])).toBe(3);
      });

      it('updates the status, times and rating; erases the phone and consent', async () => {
        const interview = anInterview({ phone: '06 12', phoneParsed: '+3312', hasSmsConsent: true });
        await insertInterview(store().read, interview);
        const next = {
          ...interview,
          status: 'completed' as const,
          completedAt: later(1),
          acceptedAt: AT,
          rating: 4,
          ratedBy: randomUUID(),
          ratedAt: later(2),
          updatedAt: later(2),
        };

        await store().read.interviews.update(next);
        await store().read.interviews.erasePersonalFields(interview.uuid, later(3), 'Erased job seeker');

        expect(await store().read.interviews.findForSupport(interview.uuid)).toEqual({
          ...next,
          phone: null,
          phoneParsed: null,
          hasSmsConsent: false,
          candidateName: 'Erased job seeker',
          updatedAt: later(3),
        });
      });
    });

    describe('accommodations (issue 42)', () => {
      it('round-trips them at insert and update; none read as the defaults', async () => {
        const accommodations = { timeMultiplier: 1.5, unlimitedTime: false, extraTakes: 2, audioOnly: true };
        const [withSome, without] = [anInterview({ accommodations }), anInterview()];
        const repos = store().read;
        await insertInterview(repos, withSome);
        await insertInterview(repos, without);
        expect((await repos.interviews.findForSupport(withSome.uuid))?.accommodations).toEqual(accommodations);
        expect((await repos.interviews.findForSupport(without.uuid))?.accommodations).toEqual(without.accommodations);

        const changed = { ...without, accommodations: { timeMultiplier: 10, unlimitedTime: true, extraTakes: 0, audioOnly: false }, updatedAt: later(1) };
        await repos.interviews.update(changed);
        expect(await repos.interviews.findForSupport(without.uuid)).toEqual(changed);
        await repos.interviews.update({ ...changed, accommodations: without.accommodations });
        expect((await repos.interviews.findForSupport(without.uuid))?.accommodations).toEqual(without.accommodations);
      });

      it("keeps a candidate's requests under their interview, oldest first, counts them from a time, and forgets them", async () => {
        const [interview, other] = [anInterview(), anInterview()];
        const repos = store().read;
        await insertInterview(repos, interview);
        await insertInterview(repos, other);
        const request = (interviewUuid: string, message: string, at: Date) => ({ uuid: randomUUID(), interviewUuid, message, requestedAt: at });
        const [second, first, another] = [
          request(interview.uuid, 'Audio only?', later(2000)),
          request(interview.uuid, 'More time?', later(1000)),
          request(other.uuid, 'Captions?', later(500)),
        ];
        for (const r of [second, first, another]) await repos.interviews.addAccommodationRequest(r);

        const kept = await repos.interviews.accommodationRequestsOf([interview.uuid, other.uuid, randomUUID()]);
        expect(kept.get(interview.uuid)).toEqual([first, second]);
        expect(kept.get(other.uuid)).toEqual([another]);
        expect(kept.size).toBe(2);
        expect(await repos.interviews.countAccommodationRequestsSince(interview.uuid, later(1000))).toBe(2);
        expect(await repos.interviews.countAccommodationRequestsSince(interview.uuid, later(1001))).toBe(1);

        await repos.interviews.deleteAccommodationRequests(interview.uuid);
        expect((await repos.interviews.accommodationRequestsOf([interview.uuid, other.uuid])).get(interview.uuid)).toBeUndefined();
        expect(await repos.interviews.countAccommodationRequestsSince(other.uuid, AT)).toBe(1);
      });
    });

    describe("the team's verdict (decision 070)", () => {
      const decision = (value: 'advance' | 'reject' | 'hold', at: Date) => ({
        decision: value,
        decided_by: { uuid: randomUUID(), name: 'Una' },
        decided_at: at.toISOString().replace('Z', '+00:00'),
      });
      const counts = (submitted: number, started: number) => ({ evaluations_submitted: submitted, evaluations_started: started });

      it('raises the counts and never lowers them, replaces the decision by one not older, and reads them in every read and a page', async () => {
        const interview = anInterview({ status: 'completed', completedAt: AT });
        const repos = store().read;
        await insertInterview(repos, interview);
        const hold = decision('hold', later(10));
        const reject = decision('reject', later(20));

        await repos.interviews.applyEvaluations(interview.uuid, { counts: counts(0, 2), decision: null, occurredAt: later(1) });
        await repos.interviews.applyEvaluations(interview.uuid, { counts: counts(1, 1), decision: hold, occurredAt: later(2) });
        await repos.interviews.applyEvaluations(interview.uuid, { counts: counts(1, 2), decision: reject, occurredAt: later(3) });
        await repos.interviews.applyEvaluations(interview.uuid, { counts: counts(0, 0), decision: decision('advance', later(15)), occurredAt: later(4) });

        const expected = { ...interview, evaluations: { decision: reject, submitted: 1, started: 2 } };
        expect(await repos.interviews.find(interview.companyUuid, interview.uuid)).toEqual(expected);
        expect(await repos.interviews.findManyForSupport([interview.uuid])).toEqual([expected]);
        const page = await repos.interviews.page({
          companyUuid: interview.companyUuid,
          types: [],
          statuses: [],
          orderBy: 'scheduled_asc',
          offset: 0,
          limit: 10,
        });
        expect(page.interviews).toEqual([expected]);
      });

      it('clears them at a reset, and then ignores a change published before it; a deleted interview changes no more', async () => {
        const interview = anInterview({ status: 'completed', completedAt: AT });
        const repos = store().read;
        await insertInterview(repos, interview);
        await repos.interviews.applyEvaluations(interview.uuid, { counts: counts(2, 3), decision: decision('hold', later(1)), occurredAt: later(1) });

        await repos.interviews.clearEvaluations(interview.uuid, later(5));
        await repos.interviews.applyEvaluations(interview.uuid, { counts: counts(3, 3), decision: decision('advance', later(4)), occurredAt: later(4) });
        expect((await repos.interviews.findForSupport(interview.uuid))!.evaluations).toEqual({ decision: null, submitted: 0, started: 0 });

        await repos.interviews.applyEvaluations(interview.uuid, { counts: counts(0, 1), decision: null, occurredAt: later(6) });
        expect((await repos.interviews.findForSupport(interview.uuid))!.evaluations).toEqual({ decision: null, submitted: 0, started: 1 });

        await repos.interviews.markDeleted(interview.uuid, later(7));
        await repos.interviews.applyEvaluations(interview.uuid, { counts: counts(1, 1), decision: null, occurredAt: later(8) });
        const [deleted] = await repos.interviews.allOfCandidate(interview.candidateUuid);
        expect(deleted.evaluations).toEqual({ decision: null, submitted: 0, started: 1 });
      });
    });

    describe('questions', () => {
      it('lists each interview’s questions by position, and numbers a new one after the last', async () => {
        const interview = anInterview();
        const [q2, q0, q1] = [
          aQuestion(interview, { position: 2, thinkTime: '0' }),
          aQuestion(interview, { position: 0 }),
          aQuestion(interview, { position: 1 }),
        ];
        await insertInterview(store().read, interview, {}, [q2, q0, q1]);
        const empty = anInterview();
        await insertInterview(store().read, empty);

        const listed = await store().read.questions.listFor([interview.uuid, empty.uuid]);

        expect(listed.get(interview.uuid)).toEqual([q0, q1, q2]);
        expect(listed.get(empty.uuid)).toEqual([]);
        expect(await store().read.questions.nextPosition(interview.uuid)).toBe(3);
        expect(await store().read.questions.nextPosition(empty.uuid)).toBe(0);
        expect(await store().read.questions.find(empty.uuid, q0.uuid)).toBeUndefined();

        const answered = { ...q1, text: 'Edited', takesCompleted: 2, completed: true, skipped: false, startedAt: AT, updatedAt: later(1) };
        await store().read.questions.update(answered);
        await store().read.questions.delete(q0.uuid);
        expect((await store().read.questions.listFor([interview.uuid])).get(interview.uuid)).toEqual([answered, q2]);
      });
    });

    describe('takes', () => {
      it('lists a question’s takes by number, finds one only under its question or its interviews, and deletes an interview’s takes', async () => {
        const interview = anInterview({ status: 'completed' });
        const [first, second] = [aQuestion(interview), aQuestion(interview, { position: 1 })];
        await insertInterview(store().read, interview, {}, [first, second]);
        const takes = [aTake(first, { number: 2, durationSeconds: 59.99, size: 5_000_000_000 }), aTake(first, { number: 1 }), aTake(second)];
        for (const take of takes) await store().read.takes.insert(take);

        expect(await store().read.takes.listFor(first.uuid)).toEqual([takes[1], takes[0]]);
        expect(await store().read.takes.find(first.uuid, takes[0].uuid)).toEqual(takes[0]);
        expect(await store().read.takes.find(second.uuid, takes[0].uuid)).toBeUndefined();
        expect(await store().read.takes.findInInterviews([interview.uuid], takes[2].uuid)).toEqual(takes[2]);
        expect(await store().transaction((tx) => tx.takes.findInInterviews([interview.uuid], takes[2].uuid, { lock: true }))).toEqual(takes[2]);
        expect(await store().read.takes.findInInterviews([randomUUID()], takes[2].uuid)).toBeUndefined();
        expect(await store().read.takes.findInInterviews([], takes[2].uuid)).toBeUndefined();
        expect((await store().read.takes.listForInterviews([interview.uuid])).map((take) => take.uuid).sort()).toEqual(takes.map((take) => take.uuid).sort());

        const removed = await store().read.takes.deleteFor(interview.uuid);
        expect(removed.map((take) => take.uuid).sort()).toEqual(takes.map((take) => take.uuid).sort());
        expect(await store().read.takes.listForInterviews([interview.uuid])).toEqual([]);
      });

      it('sums the bytes an interview keeps, and finds takes superseded before a time: a newer take of the question made before it', async () => {
        const interview = anInterview();
        const [first, second] = [aQuestion(interview), aQuestion(interview, { position: 1 })];
        await insertInterview(store().read, interview, {}, [first, second]);
        expect(await store().read.takes.bytesStored(interview.uuid)).toBe(0);
        const takes = [
          aTake(first, { number: 1, size: 3_000_000_000, createdAt: later(0) }),
          aTake(first, { number: 2, size: 2_000_000_000, createdAt: later(10) }),
          aTake(first, { number: 3, size: 10, createdAt: later(20) }),
          aTake(second, { number: 1, size: 5, createdAt: later(5) }),
        ];
        for (const take of takes) await store().read.takes.insert(take);

        // Beyond 2^32: int8 sums, read as a number.
        expect(await store().read.takes.bytesStored(interview.uuid)).toBe(5_000_000_015);
        expect(await store().read.takes.supersededBefore(later(10), 10)).toEqual([]);
        expect(await store().read.takes.supersededBefore(later(11), 10)).toEqual([takes[0]]);
        expect(await store().read.takes.supersededBefore(later(21), 10)).toEqual([takes[0], takes[1]]);
        expect(await store().read.takes.supersededBefore(later(21), 1)).toEqual([takes[0]]);
        await store().read.takes.deleteMany([takes[0].uuid]);
        expect(await store().read.takes.bytesStored(interview.uuid)).toBe(2_000_000_015);
      });

      // Issue 38: MAX_COMPANY_MEDIA_BYTES bounds this sum.
      it("sums the bytes a company keeps, takes and recordings of all its interviews and no other company's", async () => {
        const one = anInterview();
        const two = anInterview({ companyUuid: one.companyUuid });
        const other = anInterview({ companyUuid: randomUUID() });
        const questions = [one, two, other].map((interview) => aQuestion(interview));
        for (const [i, interview] of [one, two, other].entries()) await insertInterview(store().read, interview, {}, [questions[i]]);
        expect(await store().read.companyMedia.bytesStored(one.companyUuid)).toBe(0);
        await store().read.takes.insert(aTake(questions[0], { size: 3_000_000_000 }));
        await store().read.takes.insert(aTake(questions[1], { size: 7 }));
        await store().read.takes.insert(aTake(questions[2], { size: 1_000 }));
        await store().read.recordings.insert(aRecording(two, { size: 20 }));

        expect(await store().read.companyMedia.bytesStored(one.companyUuid)).toBe(3_000_000_027);
        expect(await store().transaction((tx) => tx.companyMedia.bytesStored(one.companyUuid, { lock: true }))).toBe(3_000_000_027);
        expect(await store().read.companyMedia.bytesStored(other.companyUuid)).toBe(1_000);
      });
    });

    describe('question sets', () => {
      it('pages a company’s live sets oldest first with their questions in order and the company’s total', async () => {
        const companyUuid = randomUUID();
        const sets = [2, 0, 1, 3].map((n) =>
          aQuestionSet({
            companyUuid,
            name: `Set ${n}`,
            createdAt: later(n * 1000),
            questions: [aQuestionSetQuestion({ position: 0, text: `${n}a` }), aQuestionSetQuestion({ position: 1, text: `${n}b` })],
          }),
        );
        for (const set of [...sets, aQuestionSet()]) await store().read.questionSets.insert(set);
        await store().read.questionSets.markDeleted(sets[3].uuid, AT);

        const page = await store().read.questionSets.list(companyUuid, { offset: 1, limit: 5 });

        expect(page.total).toBe(3);
        expect(page.sets.map((set) => set.name)).toEqual(['Set 1', 'Set 2']);
        expect(page.sets[0].questions.map((q) => q.text)).toEqual(['1a', '1b']);
        expect(await store().read.questionSets.find(companyUuid, sets[3].uuid)).toBeUndefined();
        expect(await store().read.questionSets.find(randomUUID(), sets[0].uuid)).toBeUndefined();
      });

      it('replaces a set’s questions: kept ones updated in place, missing ones removed, new ones added', async () => {
        const [kept, dropped] = [aQuestionSetQuestion({ position: 0, text: 'Kept' }), aQuestionSetQuestion({ position: 1, text: 'Dropped' })];
        const set = aQuestionSet({ questions: [kept, dropped] });
        await store().read.questionSets.insert(set);
        const next = [aQuestionSetQuestion({ position: 0, text: 'New' }), { ...kept, position: 1, text: 'Kept, edited', thinkTime: '180' as const }];

        await store().transaction(async (tx) => {
          await tx.questionSets.update({ uuid: set.uuid, name: 'Renamed', updatedAt: later(1) });
          await tx.questionSets.replaceQuestions(set.uuid, set.questions, next);
        });

        expect(await store().read.questionSets.find(set.companyUuid, set.uuid)).toEqual({ ...set, name: 'Renamed', updatedAt: later(1), questions: next });
      });
    });

    describe('recordings', () => {
      it("finds an interview's recordings under it only, lists them oldest first (ended ones when asked), keeps updates and sums their bytes", async () => {
        const interview = anInterview({ status: 'completed' });
        await insertInterview(store().read, interview);
        const ended = aRecording(interview, { startedAt: later(0), size: 3_000_000_000 });
        const running = aRecording(interview, { state: 'recording', startedAt: later(1000), endedAt: null, durationSeconds: null, storageKey: null, size: 10 });
        for (const recording of [running, ended]) await store().read.recordings.insert(recording);

        expect(await store().read.recordings.find(interview.uuid, ended.uuid)).toEqual(ended);
        expect(await store().read.recordings.find(randomUUID(), ended.uuid)).toBeUndefined();
        expect(await store().read.recordings.listFor([interview.uuid])).toEqual([ended, running]);
        expect(await store().read.recordings.listFor([interview.uuid], { endedOnly: true })).toEqual([ended]);
        expect(await store().read.recordings.findEndedInInterviews([interview.uuid], ended.uuid)).toEqual(ended);
        expect(await store().read.recordings.findEndedInInterviews([interview.uuid], running.uuid)).toBeUndefined();
        expect(await store().read.recordings.findEndedInInterviews([randomUUID()], ended.uuid)).toBeUndefined();
        expect(await store().read.recordings.bytesStored(interview.uuid)).toBe(3_000_000_010);

        const grown = { ...running, parts: 2, size: 20, lastActivityAt: later(2000) };
        await store().transaction((tx) => tx.recordings.update(grown));
        expect(await store().read.recordings.find(interview.uuid, running.uuid)).toEqual(grown);
        await store().transaction((tx) => tx.recordings.delete(ended.uuid));
        expect(await store().read.recordings.listFor([interview.uuid])).toEqual([grown]);
      });

      it("keeps a recording's parts in their order until they are deleted", async () => {
        const interview = anInterview({ status: 'completed' });
        await insertInterview(store().read, interview);
        const recording = aRecording(interview, { state: 'recording', endedAt: null, durationSeconds: null, storageKey: null });
        await store().read.recordings.insert(recording);
        const part = (number: number) => ({ recordingUuid: recording.uuid, number, size: 100 + number, storageKey: `${recording.uuid}/part-${number}` });
        for (const number of [1, 0, 2]) await store().read.recordings.insertPart(part(number));

        expect(await store().read.recordings.partsOf(recording.uuid)).toEqual([part(0), part(1), part(2)]);
        await store().read.recordings.deleteParts(recording.uuid);
        expect(await store().read.recordings.partsOf(recording.uuid)).toEqual([]);
      });
    });

    describe('live calls and their chat', () => {
      it("keeps a call's first start, numbers its messages in order under it only, pages them with the total, and forgets them with the call", async () => {
        const [interview, other] = [anInterview({ type: 'live' }), anInterview({ type: 'live' })];
        for (const i of [interview, other]) await insertInterview(store().read, i);
        const repos = store().read;
        expect(await repos.liveCalls.startedAt(interview.uuid)).toBeUndefined();
        await repos.liveCalls.markStarted(interview.uuid, later(1000));
        await repos.liveCalls.markStarted(interview.uuid, later(2000));
        expect(await repos.liveCalls.startedAt(interview.uuid)).toEqual(later(1000));

        expect(await repos.liveCalls.lastMessageNumber(interview.uuid)).toBe(0);
        const messages = [1, 2, 3].map((number) =>
          aChatMessage(interview, {
            number,
            sentAt: later(number * 1000),
            authorRole: number === 2 ? 'interviewer' : 'candidate',
            text: `line ${number}\nhttps://example.com <b>`,
          }),
        );
        for (const message of [messages[2], messages[0], messages[1]]) await repos.liveCalls.insertMessage(message);
        await repos.liveCalls.insertMessage(aChatMessage(other));
        expect(await repos.liveCalls.lastMessageNumber(interview.uuid)).toBe(3);
        expect(await repos.liveCalls.messages(interview.uuid, { offset: 0, limit: 50 })).toEqual({ messages, total: 3 });
        expect(await repos.liveCalls.messages(interview.uuid, { offset: 1, limit: 1 })).toEqual({ messages: [messages[1]], total: 3 });
        expect(await repos.liveCalls.messages(interview.uuid, { offset: 5, limit: 10 })).toEqual({ messages: [], total: 3 });
        // Two messages cannot take one place (what keeps the limit when two are posted at once).
        await expect(repos.liveCalls.insertMessage(aChatMessage(interview, { number: 3 }))).rejects.toMatchObject({ code: '23505' });

        await store().transaction((tx) => tx.liveCalls.deleteFor(interview.uuid));
        expect(await repos.liveCalls.messages(interview.uuid, { offset: 0, limit: 50 })).toEqual({ messages: [], total: 0 });
        expect(await repos.liveCalls.startedAt(interview.uuid)).toBeUndefined();
        expect((await repos.liveCalls.messages(other.uuid, { offset: 0, limit: 50 })).total).toBe(1);
      });

      it('forgets the calls of interviews deleted before the cutoff, oldest deletion first, a batch at a time', async () => {
        const [early, late, kept] = [anInterview({ type: 'live' }), anInterview({ type: 'live' }), anInterview({ type: 'live' })];
        const repos = store().read;
        for (const i of [early, late, kept]) {
          await insertInterview(repos, i);
          await repos.liveCalls.markStarted(i.uuid, AT);
          await repos.liveCalls.insertMessage(aChatMessage(i));
        }
        await repos.interviews.markDeleted(late.uuid, later(2000));
        await repos.interviews.markDeleted(early.uuid, later(1000));

        expect(await repos.liveCalls.deleteOfInterviewsDeletedBefore(later(3000), 1)).toBe(1);
        expect((await repos.liveCalls.messages(early.uuid, { offset: 0, limit: 50 })).total).toBe(0);
        expect((await repos.liveCalls.messages(late.uuid, { offset: 0, limit: 50 })).total).toBe(1);
        expect(await repos.liveCalls.deleteOfInterviewsDeletedBefore(later(3000), 10)).toBe(1);
        expect(await repos.liveCalls.deleteOfInterviewsDeletedBefore(later(3000), 10)).toBe(0);
        expect(await repos.liveCalls.startedAt(late.uuid)).toBeUndefined();
        expect((await repos.liveCalls.messages(kept.uuid, { offset: 0, limit: 50 })).total).toBe(1);
      });
    });

    describe('projections', () => {
      it('keeps the newest job and person it was given', async () => {
        const interview = anInterview();
        await insertInterview(store().read, interview, { job: 'Original', candidate: 'Original' });
        const job = aJobRow({ uuid: interview.jobUuid, company_uuid: interview.companyUuid });
        const person = aPerson({ uuid: interview.candidateUuid });
        const { projections } = store().read;

        await projections.upsertJob({ ...job, title: 'Newer', updated_at: later(2000) });
        await projections.upsertJob({ ...job, title: 'Older', updated_at: later(1000) });
        await projections.upsertPerson({ ...person, name: 'Newer' }, later(2000));
        await projections.upsertPerson({ ...person, name: 'Older' }, later(1000));

        expect((await projections.jobs([job.uuid])).get(job.uuid)?.title).toBe('Newer');
        expect((await projections.people([person.uuid])).get(person.uuid)?.name).toBe('Newer');
      });

      it('refreshes people as read from identity: new or different ones stored, identical ones left with their time', async () => {
        const interview = anInterview();
        await insertInterview(store().read, interview, { candidate: 'Original' });
        const person = aPerson({ uuid: interview.candidateUuid, name: 'Stored' });
        const stranger = aPerson();
        const { projections } = store().read;
        await projections.upsertPerson(person, later(1000));

        await projections.refreshPeople([person, stranger, stranger], later(5000));
        // Identical: not written, so an older event still applies (the events' order decides, decision 043).
        await projections.upsertPerson({ ...person, name: 'From an event' }, later(2000));
        expect((await projections.people([person.uuid])).get(person.uuid)?.name).toBe('From an event');
        expect((await projections.people([stranger.uuid])).get(stranger.uuid)).toEqual(stranger);

        await projections.refreshPeople([{ ...person, name: 'Renamed' }], later(5000));
        await projections.upsertPerson({ ...person, name: 'Older event' }, later(3000));
        expect((await projections.people([person.uuid])).get(person.uuid)?.name).toBe('Renamed');
      });

      /** A creation of one interview for `job` (with one question and its event), its projections as given. */
      const create = (projections: { company: CompanyRow; job: JobPostRow; people: PersonRow[] }, at: Date, uuid?: string) => {
        const interview = anInterview({
          ...(uuid && { uuid }),
          companyUuid: projections.company.uuid,
          jobUuid: projections.job.uuid,
          createdAt: at,
          updatedAt: at,
        });
        const keys = { candidateKey: 'c', jobKey: projections.job.title.toLowerCase(), companyKey: projections.company.name.toLowerCase() };
        return store()
          .statement((write) =>
            write.creations.write(
              {
                // The new interview's own creator and candidate are among its people, as in every creation.
                projections: {
                  ...projections,
                  people: [...projections.people, aPerson({ uuid: interview.createdBy }), aPerson({ uuid: interview.candidateUuid })],
                },
                at,
                interviews: [{ interview, keys }],
                questions: [aQuestion(interview)],
              },
              write.events([{ subject: 'interviews.interview.created', payload: { uuid: interview.uuid } }]),
            ),
          )
          .then(() => interview);
      };

      it("writes a creation's interviews, questions and counter in one write", async () => {
        const company = aCompany();
        const job = aJobRow({ company_uuid: company.uuid });
        const interview = await create({ company, job, people: [aPerson()] }, later(1000));
        const { interviews, questions, counters } = store().read;

        expect(await interviews.find(company.uuid, interview.uuid)).toMatchObject({ uuid: interview.uuid, status: interview.status, jobUuid: job.uuid });
        expect((await questions.listFor([interview.uuid])).get(interview.uuid)).toHaveLength(1);
        expect(await counters.total(company.uuid, [interview.type], [interview.status])).toBe(1);
      });

      it('refuses a creation under the uuid of one written, whole: its primary key says so, and nothing of the second is kept', async () => {
        const company = aCompany();
        const job = aJobRow({ company_uuid: company.uuid });
        const first = await create({ company, job, people: [] }, later(1000));

        const refusal: unknown = await create({ company, job, people: [] }, later(2000), first.uuid).catch((error: unknown) => error);

        expect(isUniqueViolation(refusal, 'interviews_pkey')).toBe(true);
        const { interviews, questions, counters } = store().read;
        expect((await interviews.find(company.uuid, first.uuid))?.createdAt).toEqual(later(1000));
        expect((await questions.listFor([first.uuid])).get(first.uuid)).toHaveLength(1);
        expect(await counters.total(company.uuid, [first.type], [first.status])).toBe(1);
      });

      it("refreshes a creation's company, job and people as the three writes each would", async () => {
        const interview = anInterview();
        await insertInterview(store().read, interview, { job: 'Original', candidate: 'Original' });
        const job = aJobRow({ uuid: interview.jobUuid, company_uuid: interview.companyUuid, title: 'Original', updated_at: later(1000) });
        const person = aPerson({ uuid: interview.candidateUuid, name: 'Stored' });
        const company = aCompany({ uuid: interview.companyUuid, name: 'Renamed Co' });
        const stranger = aPerson();
        const { projections } = store().read;
        await projections.upsertPerson(person, later(1000));

        await create({ company, job: { ...job, title: 'Retitled', updated_at: later(2000) }, people: [person, stranger, stranger] }, later(5000));
        // An older job changes nothing; an identical person keeps its time, so an older event still applies (decision 043).
        await create({ company, job: { ...job, title: 'Older', updated_at: later(1500) }, people: [stranger] }, later(6000));
        await projections.upsertPerson({ ...person, name: 'From an event' }, later(2000));

        expect((await projections.jobs([job.uuid])).get(job.uuid)?.title).toBe('Retitled');
        expect((await projections.companies([company.uuid])).get(company.uuid)).toEqual(company);
        expect((await projections.people([person.uuid, stranger.uuid])).get(person.uuid)?.name).toBe('From an event');
        expect((await projections.people([stranger.uuid])).get(stranger.uuid)).toEqual(stranger);
      });

      it("keeps a job's video (decision 046) from a creation and from an event, and its removal", async () => {
        const interview = anInterview();
        await insertInterview(store().read, interview, { job: 'Original', candidate: 'Original' });
        const video = { url: 'https://vi.test/v1.0/public/job_videos/v1', duration_seconds: 42.48, content_type: 'video/webm' };
        const job = aJobRow({ uuid: interview.jobUuid, company_uuid: interview.companyUuid, video, updated_at: later(1000) });
        const { projections } = store().read;
        await create({ company: aCompany({ uuid: interview.companyUuid }), job, people: [aPerson()] }, later(1000));
        expect((await projections.jobs([job.uuid])).get(job.uuid)?.video).toEqual(video);
        const replaced = { ...video, url: 'https://vi.test/v1.0/public/job_videos/v2' };
        await projections.upsertJob({ ...job, video: replaced, updated_at: later(2000) });
        expect((await projections.jobs([job.uuid])).get(job.uuid)?.video).toEqual(replaced);
        await projections.upsertJob({ ...job, video: null, updated_at: later(3000) });
        expect((await projections.jobs([job.uuid])).get(job.uuid)?.video).toBeNull();
      });

      it('records an event as handled once', async () => {
        const id = randomUUID();
        expect(await store().read.projections.markProcessed(id)).toBe(true);
        expect(await store().read.projections.markProcessed(id)).toBe(false);
      });

      it('keeps the share link of the highest version, and shows a deleted one as none', async () => {
        const interview = anInterview();
        await insertInterview(store().read, interview);
        const { shareLinks } = store().read;
        const link = aBasicShareLink();

        await shareLinks.apply(interview.uuid, { ...link, status: 'inactive' }, 2);
        await shareLinks.apply(interview.uuid, link, 1);
        expect((await shareLinks.forInterviews([interview.uuid])).get(interview.uuid)).toEqual({ ...link, status: 'inactive' });

        await shareLinks.apply(interview.uuid, null, 3);
        await shareLinks.apply(interview.uuid, link, 2);
        expect(await shareLinks.forInterviews([interview.uuid])).toEqual(new Map());
      });
    });

    describe('transcription (decision 073)', () => {
      it("keeps each company's newest setting, whatever order the changes come in; off for a company never heard of", async () => {
        const [company, other] = [randomUUID(), randomUUID()];
        const settings = store().read.transcriptionSettings;
        expect(await settings.isOn(company)).toBe(false);
        await settings.apply(company, true, later(2));
        await settings.apply(company, false, later(1));
        expect(await settings.isOn(company)).toBe(true);
        await settings.apply(company, false, later(3));
        expect(await settings.isOn(company)).toBe(false);
        expect(await settings.isOn(other)).toBe(false);
      });

      /** Three interviews of one company: one with a transcript, one named, one whose job is titled; and another company's. */
      const searchWorld = async () => {
        const repos = store().read;
        const companyUuid = randomUUID();
        const spoken = anInterview({ companyUuid, scheduledAt: later(1) });
        const named = anInterview({ companyUuid, scheduledAt: later(2), type: 'live' });
        const titled = anInterview({ companyUuid, scheduledAt: later(3) });
        const elsewhere = anInterview({ scheduledAt: later(4) });
        await insertInterview(repos, spoken, { candidate: 'Ana Ortiz' });
        await insertInterview(repos, named, { candidate: 'Kubernetes_Fan 100%' });
        await insertInterview(repos, titled, { candidate: 'Bo Li', job: 'Platform engineer' });
        await insertInterview(repos, elsewhere, { candidate: 'Cy Kubernetes' });
        const take = randomUUID();
        await repos.transcriptSearch.index({
          sourceUuid: take,
          interviewUuid: spoken.uuid,
          config: 'english',
          text: 'I ran Kubernetes clusters in production',
          transcribedAt: later(5),
        });
        await repos.transcriptSearch.index({
          sourceUuid: randomUUID(),
          interviewUuid: titled.uuid,
          config: 'english',
          text: 'We moved to Kubernetes last year.',
          transcribedAt: later(5),
        });
        await repos.transcriptSearch.index({
          sourceUuid: randomUUID(),
          interviewUuid: elsewhere.uuid,
          config: 'simple',
          text: 'Kubernetes',
          transcribedAt: later(5),
        });
        const search = (q: string, more: Partial<InterviewListQuery> = {}) =>
          repos.interviews.page({ companyUuid, types: [], statuses: [], orderBy: 'scheduled_asc', offset: 0, limit: 10, q, ...more });
        const found = async (q: string, more: Partial<InterviewListQuery> = {}) => {
          const page = await search(q, more);
          return { uuids: page.interviews.map((i) => i.uuid), total: page.total };
        };
        return { repos, companyUuid, spoken, named, titled, take, search, found };
      };

      it("finds the company's interviews whose transcripts match, or whose candidate's name or email or job's title holds the words", async () => {
        const { spoken, named, titled, found } = await searchWorld();
        expect(await found('kubernetes')).toEqual({ uuids: [spoken.uuid, named.uuid, titled.uuid], total: 3 });
        expect(await found('Kubernetes clusters')).toEqual({ uuids: [spoken.uuid], total: 1 });
        expect(await found('kubernetes -production')).toEqual({ uuids: [titled.uuid], total: 1 });
        expect(await found('helm or clusters')).toEqual({ uuids: [spoken.uuid], total: 1 });
        expect(await found('ORM ENGIN')).toEqual({ uuids: [titled.uuid], total: 1 });
        expect(await found('@people.example')).toMatchObject({ total: 3 });
        expect(await found('nothing like it')).toEqual({ uuids: [], total: 0 });
      });

      it('takes % and _ in the words literally', async () => {
        const { named, found } = await searchWorld();
        expect(await found('_fan 100%')).toEqual({ uuids: [named.uuid], total: 1 });
        expect(await found('s_fan')).toEqual({ uuids: [named.uuid], total: 1 });
        expect(await found('100%_')).toEqual({ uuids: [], total: 0 });
        expect(await found('Kuber%Fan')).toEqual({ uuids: [], total: 0 });
      });

      it('pages and orders a search as the list, filters it by type and status, and gives its total past the end', async () => {
        const { spoken, named, titled, found, search } = await searchWorld();
        expect(await found('kubernetes', { orderBy: 'scheduled_desc', limit: 2 })).toEqual({ uuids: [titled.uuid, named.uuid], total: 3 });
        expect(await found('kubernetes', { offset: 1, limit: 1 })).toEqual({ uuids: [named.uuid], total: 3 });
        expect(await found('kubernetes', { types: ['live'] })).toEqual({ uuids: [named.uuid], total: 1 });
        expect(await found('kubernetes', { statuses: ['completed'] })).toEqual({ uuids: [], total: 0 });
        expect(await found('kubernetes', { statuses: ['requested'], types: ['one_way'] })).toEqual({ uuids: [spoken.uuid, titled.uuid], total: 2 });
        const past = await search('kubernetes', { offset: 5 });
        expect(past).toMatchObject({ interviews: [], total: 3, version: expect.any(Number) });
      });

      it("replaces a source's vector with a newer transcript only, and forgets an interview's vectors", async () => {
        const { repos, spoken, take, found } = await searchWorld();
        const again = { sourceUuid: take, interviewUuid: spoken.uuid, config: 'english' as const };
        await repos.transcriptSearch.index({ ...again, text: 'Terraform modules', transcribedAt: later(4) });
        expect((await found('clusters')).uuids).toEqual([spoken.uuid]);
        await repos.transcriptSearch.index({ ...again, text: 'Terraform modules', transcribedAt: later(6) });
        expect((await found('clusters')).uuids).toEqual([]);
        expect((await found('terraform')).uuids).toEqual([spoken.uuid]);
        await repos.transcriptSearch.deleteFor(spoken.uuid);
        expect((await found('terraform')).uuids).toEqual([]);
      });

      it("forgets the vectors of named sources only (a purged superseded take's words are no longer found)", async () => {
        const { repos, spoken, titled, take, found } = await searchWorld();
        await repos.transcriptSearch.deleteOfSources([take, randomUUID()]);
        await repos.transcriptSearch.deleteOfSources([]);
        expect(await found('clusters')).toEqual({ uuids: [], total: 0 });
        expect((await found('moved')).uuids).toEqual([titled.uuid]);
        expect((await found('Ana')).uuids).toEqual([spoken.uuid]);
      });

      it("sweeps the vectors of interviews deleted before the cutoff, in batches, and no other's", async () => {
        const { repos, spoken, named, found } = await searchWorld();
        await repos.transcriptSearch.index({
          sourceUuid: randomUUID(),
          interviewUuid: spoken.uuid,
          config: 'english',
          text: 'Helm charts',
          transcribedAt: later(5),
        });
        await repos.transcriptSearch.index({
          sourceUuid: randomUUID(),
          interviewUuid: named.uuid,
          config: 'english',
          text: 'Helm charts',
          transcribedAt: later(5),
        });
        await repos.interviews.markDeleted(spoken.uuid, later(10));
        expect(await repos.transcriptSearch.deleteOfInterviewsDeletedBefore(later(10), 10)).toBe(0);
        expect(await repos.transcriptSearch.deleteOfInterviewsDeletedBefore(later(11), 1)).toBe(1);
        expect(await repos.transcriptSearch.deleteOfInterviewsDeletedBefore(later(11), 10)).toBe(1);
        expect(await repos.transcriptSearch.deleteOfInterviewsDeletedBefore(later(11), 10)).toBe(0);
        expect((await found('helm')).uuids).toEqual([named.uuid]);
      });
    });

    describe('list versions (decision 050)', () => {
      it('moves a company’s list version with every write to what its list shows, and with nothing else', async () => {
        const interview = anInterview();
        const other = anInterview();
        const repos = store().read;
        await insertInterview(repos, interview);
        await insertInterview(repos, other);
        const version = async () => (await repos.counters.listState(interview.companyUuid, [], [])).version;
        const seen = [await version()];
        /** The version after `write`: higher than every one before it. */
        const moves = async (write: () => Promise<unknown>) => {
          await write();
          const next = await version();
          expect(next).toBeGreaterThan(Math.max(...seen));
          seen.push(next);
        };
        const stays = async (write: () => Promise<unknown>) => {
          await write();
          expect(await version()).toBe(seen.at(-1));
        };

        await stays(async () => undefined);
        await moves(() => repos.interviews.update({ ...interview, status: 'accepted', acceptedAt: later(1), updatedAt: later(1) }));
        await moves(() => repos.projections.upsertPerson(aPerson({ uuid: interview.candidateUuid, email: 'new@people.example' }), later(2)));
        await moves(() => repos.projections.upsertPerson(aPerson({ uuid: interview.createdBy, name: 'Renamed' }), later(2)));
        await moves(() =>
          repos.projections.upsertJob(aJobRow({ uuid: interview.jobUuid, company_uuid: interview.companyUuid, title: 'New', updated_at: later(3) })),
        );
        await moves(() => repos.projections.upsertCompany(aCompany({ uuid: interview.companyUuid, name: 'New name' })));
        await moves(() => repos.shareLinks.apply(interview.uuid, aBasicShareLink(), 1));
        const verdict = {
          counts: { evaluations_submitted: 1, evaluations_started: 1 },
          decision: { decision: 'advance' as const, decided_by: { uuid: randomUUID(), name: 'Una' }, decided_at: '2026-03-02T09:00:01+00:00' },
          occurredAt: later(3),
        };
        await moves(() => repos.interviews.applyEvaluations(interview.uuid, verdict));
        // The same change again (a late or repeated event) writes nothing (decision 064, rule 4).
        await stays(() => repos.interviews.applyEvaluations(interview.uuid, verdict));
        await moves(() => repos.interviews.clearEvaluations(interview.uuid, later(3)));
        await moves(() => repos.interviews.erasePersonalFields(interview.uuid, later(4), 'Erased'));
        await moves(() => repos.interviews.markDeleted(interview.uuid, later(5)));
        await stays(() => repos.interviews.update({ ...other, status: 'canceled', updatedAt: later(6) }));
        await stays(() => repos.projections.upsertPerson(aPerson({ uuid: other.candidateUuid, name: 'Elsewhere' }), later(6)));
        await stays(() => repos.projections.upsertPerson(aPerson(), later(6)));
        expect((await repos.counters.listState(interview.companyUuid, [], [])).total).toBe(1);
      });

      it('gives the version of a page with the page (one snapshot), and none with an empty page', async () => {
        const interview = anInterview();
        await insertInterview(store().read, interview);
        const query = { companyUuid: interview.companyUuid, types: [], statuses: [], orderBy: 'scheduled_asc' as const, offset: 0, limit: 10 };
        const page = await store().read.interviews.page(query);
        expect(page.version).toBe((await store().read.counters.listState(interview.companyUuid, [], [])).version);
        expect((await store().read.interviews.page({ ...query, offset: 10 })).version).toBeUndefined();
      });
    });
  },
  { sqlSnapshotsOf: 'SQL (infrastructure/)' },
);
