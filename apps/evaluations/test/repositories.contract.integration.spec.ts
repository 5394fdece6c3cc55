import { randomUUID } from 'node:crypto';
import { StatementLog } from '@vi/platform-postgres';
import { describeRepositoryContract, memoryStore, openMigratedTestDatabase } from '@vi/platform-testing';
import { evaluationsMigrations } from '../migrations';
import type { EvaluationsStore } from '../src/application/store';
import type { EvaluationsDatabase } from '../src/infrastructure/evaluations.database';
import { createEvaluationsStore } from '../src/infrastructure/evaluations.store';
import { aComment, aDecision, anEvaluation, aScorecard } from './factories';
import { inMemoryRepositories } from './fakes';

/**
 * One contract, two implementations (decision 033): what the evaluations use cases rely on from their repositories,
 * run against the in-memory fakes their specs use and against the SQL repositories (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL). What only the database shows (a concurrent first save is one row) stays in
 * evaluations.integration.spec.ts.
 */
describeRepositoryContract<EvaluationsStore>(
  "evaluations' repositories",
  {
    'in memory (test/fakes.ts)': async () => ({ store: memoryStore(inMemoryRepositories()), close: async () => undefined }),
    'SQL (infrastructure/)': async () => {
      const database = await openMigratedTestDatabase<EvaluationsDatabase>('evaluations', evaluationsMigrations);
      const statements = new StatementLog();
      return { store: createEvaluationsStore(statements.recording(database.db), { kick: () => undefined }), close: () => database.close(), statements };
    },
  },
  (store) => {
    describe('scorecards', () => {
      it("finds a job's card in its company only, its criteria in order, and none once its job is deleted", async () => {
        const card = aScorecard({ updatedAt: new Date('2026-02-03T04:05:06.789Z') });
        await store().transaction((tx) => tx.scorecards.save(card));
        expect(await store().read.scorecards.find(card.companyUuid, card.jobUuid)).toEqual(card);
        expect(await store().read.scorecards.find(randomUUID(), card.jobUuid)).toBeUndefined();
        await store().transaction((tx) => tx.scorecards.deleteOfJob(card.jobUuid));
        expect(await store().read.scorecards.find(card.companyUuid, card.jobUuid)).toBeUndefined();
      });

      it('replaces the criteria and the visibility on a save, keeping the uuids given', async () => {
        const card = aScorecard();
        await store().transaction((tx) => tx.scorecards.save(card));
        const replaced = {
          ...card,
          criteria: [card.criteria[1], { uuid: randomUUID(), name: 'Curiosity', description: 'Asks' }],
          visibility: 'always' as const,
          updatedAt: new Date('2026-03-01T10:00:00Z'),
        };
        await store().transaction((tx) => tx.scorecards.save(replaced));
        expect(await store().read.scorecards.find(card.companyUuid, card.jobUuid)).toEqual(replaced);
        await store().transaction((tx) => tx.scorecards.save({ ...replaced, criteria: [] }));
        expect((await store().read.scorecards.find(card.companyUuid, card.jobUuid))?.criteria).toEqual([]);
      });
    });

    describe('evaluations', () => {
      it('keeps one per evaluator and interview: a second insert makes nothing, and finds it in its company only', async () => {
        const evaluation = anEvaluation();
        expect(await store().transaction((tx) => tx.evaluations.insertIfAbsent(evaluation))).toBe(true);
        expect(await store().transaction((tx) => tx.evaluations.insertIfAbsent({ ...evaluation, uuid: randomUUID(), note: 'second' }))).toBe(false);
        const { companyUuid, interviewUuid, evaluator } = evaluation;
        expect(await store().read.evaluations.find(companyUuid, interviewUuid, evaluator)).toEqual(evaluation);
        expect(await store().transaction((tx) => tx.evaluations.find(companyUuid, interviewUuid, evaluator, { lock: true }))).toEqual(evaluation);
        expect(await store().read.evaluations.find(randomUUID(), interviewUuid, evaluator)).toBeUndefined();
        expect(await store().read.evaluations.find(companyUuid, interviewUuid, { ...evaluator, type: 'reviewer' })).toBeUndefined();
      });

      it('keeps what an update writes, lists the interview’s oldest first and counts submitted and started ones', async () => {
        const interviewUuid = randomUUID();
        const companyUuid = randomUUID();
        const at = (minute: number) => new Date(Date.UTC(2026, 2, 1, 10, minute));
        const [first, second] = [
          anEvaluation({ companyUuid, interviewUuid, createdAt: at(1) }),
          anEvaluation({ companyUuid, interviewUuid, createdAt: at(2) }),
        ];
        await store().transaction(async (tx) => {
          await tx.evaluations.insertIfAbsent(second);
          await tx.evaluations.insertIfAbsent(first);
          await tx.evaluations.insertIfAbsent(anEvaluation({ companyUuid }));
        });
        const submitted = {
          ...first,
          evaluator: { ...first.evaluator, name: 'Renamed' },
          status: 'submitted' as const,
          recommendation: 'strong_yes' as const,
          overallRating: 4,
          ratings: [{ criterionUuid: randomUUID(), rating: 5 }],
          note: 'Great',
          submittedAt: at(3),
          updatedAt: at(3),
        };
        await store().transaction((tx) => tx.evaluations.update(submitted));
        expect(await store().read.evaluations.listOf(companyUuid, interviewUuid)).toEqual([submitted, second]);
        expect(await store().read.evaluations.listOf(randomUUID(), interviewUuid)).toEqual([]);
        expect(await store().read.evaluations.counts(interviewUuid)).toEqual({ evaluations_submitted: 1, evaluations_started: 2 });
        await store().transaction((tx) => tx.evaluations.deleteOfInterview(interviewUuid));
        expect(await store().read.evaluations.counts(interviewUuid)).toEqual({ evaluations_submitted: 0, evaluations_started: 0 });
      });
    });

    describe('comments', () => {
      it("lists an interview's comments in its company by creation time, finds and deletes one, and all of an interview", async () => {
        const interviewUuid = randomUUID();
        const companyUuid = randomUUID();
        const at = (minute: number) => new Date(Date.UTC(2026, 2, 1, 10, minute));
        const later = aComment({
          companyUuid,
          interviewUuid,
          createdAt: at(2),
          takeUuid: randomUUID(),
          atMs: 3000,
          mentions: [{ uuid: randomUUID(), name: 'Sam' }],
        });
        const earlier = aComment({ companyUuid, interviewUuid, createdAt: at(1), recordingUuid: randomUUID(), atMs: 0 });
        await store().transaction(async (tx) => {
          for (const c of [later, earlier, aComment({ interviewUuid })]) await tx.comments.insert(c);
        });
        expect(await store().read.comments.listOf(companyUuid, interviewUuid)).toEqual([earlier, later]);
        expect(await store().read.comments.find(companyUuid, interviewUuid, later.uuid)).toEqual(later);
        expect(await store().read.comments.find(randomUUID(), interviewUuid, later.uuid)).toBeUndefined();
        await store().transaction((tx) => tx.comments.delete(later.uuid));
        expect(await store().read.comments.listOf(companyUuid, interviewUuid)).toEqual([earlier]);
        await store().transaction((tx) => tx.comments.deleteOfInterview(interviewUuid));
        expect(await store().read.comments.listOf(companyUuid, interviewUuid)).toEqual([]);
      });
    });

    describe('decisions', () => {
      it('keeps one per interview, the last saved, found in its company only, and none once the interview is forgotten', async () => {
        const first = aDecision();
        await store().transaction((tx) => tx.decisions.save(first));
        const next = { ...first, decision: 'reject' as const, decidedBy: { uuid: randomUUID(), name: 'Bo' }, decidedAt: new Date('2026-03-02T00:00:00Z') };
        await store().transaction((tx) => tx.decisions.save(next));
        expect(await store().read.decisions.find(first.companyUuid, first.interviewUuid)).toEqual(next);
        expect(await store().read.decisions.find(randomUUID(), first.interviewUuid)).toBeUndefined();
        await store().transaction((tx) => tx.decisions.deleteOfInterview(first.interviewUuid));
        expect(await store().read.decisions.find(first.companyUuid, first.interviewUuid)).toBeUndefined();
      });
    });

    it('records a consumed event once', async () => {
      const eventId = randomUUID();
      expect(await store().transaction((tx) => tx.processedEvents.markProcessed(eventId))).toBe(true);
      expect(await store().transaction((tx) => tx.processedEvents.markProcessed(eventId))).toBe(false);
    });
  },
  { sqlSnapshotsOf: 'SQL (infrastructure/)' },
);
