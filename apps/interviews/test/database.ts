import { createLogger } from '@vi/platform-logger';
import { migrateToLatest, openDatabase, type Database, type StatementLog } from '@vi/platform-postgres';
import { createTestDatabase, type TestDatabase } from '@vi/platform-testing';
import { FakeClock } from '@vi/platform-time';
import { interviewsMigrations } from '../migrations';
import type { Interview, InterviewQuestion } from '../src/domain/interview';
import type { InterviewsDatabase } from '../src/infrastructure/interviews.database';
import type { InterviewsRepositories, InterviewsStore } from '../src/application/store';
import { createInterviewsStore } from '../src/infrastructure/interviews.store';
import { interviewPageCache } from '../src/infrastructure/interview-page.cache';
import type { InterviewPageCache } from '../src/application/ports';
import { aCompany, aJobRow, aPerson } from './factories';

/**
 * Decision 027's integration tier for interviews: a fresh database (PGlite, or the PostgreSQL of
 * TEST_DATABASE_URL) with interviews' migrations applied, the store on it, and the events its transactions
 * recorded in the outbox (no relay: what a use case publishes is what its transaction wrote).
 */
export interface InterviewsTestDatabase {
  database: Database<InterviewsDatabase>;
  store: InterviewsStore;
  /** The list's page cache, as the service keeps one per process (decision 050): every list a spec reads goes through it. */
  pages: InterviewPageCache;
  /** The events recorded so far, oldest first; only `subject`'s when given. */
  events(subject?: string): Promise<Array<{ subject: string; payload: any }>>;
  close(): Promise<void>;
}

/** `statements`: records what the repositories send (the SQL snapshots, decision 068). */
export async function openInterviewsTestDatabase(statements?: StatementLog): Promise<InterviewsTestDatabase> {
  const testDb: TestDatabase = await createTestDatabase();
  const database = await openDatabase<InterviewsDatabase>({ url: testDb.url, schema: 'interviews', embedded: testDb.embedded });
  await migrateToLatest(database.db, 'interviews', interviewsMigrations, createLogger('interviews-test', 'silent'));
  return {
    database,
    store: createInterviewsStore(statements ? statements.recording(database.db) : database.db, { kick: () => undefined }),
    pages: interviewPageCache(new FakeClock()),
    events: async (subject) => {
      let query = database.db.selectFrom('outbox').select(['subject', 'payload']).orderBy('seq');
      if (subject) query = query.where('subject', '=', subject);
      return query.execute();
    },
    close: async () => {
      await database.close();
      await testDb.drop();
    },
  };
}

/** Names an interview sorts by (its job seeker's, its job's, its company's); made up from the uuids when not given. */
export interface InterviewNames {
  candidate?: string;
  job?: string;
  company?: string;
}

/**
 * Stores an interview as createInterviews leaves it: its company, job, job seeker and creator projected (named as
 * given), its sort keys from those names, counted in the list totals, with its questions.
 */
export async function insertInterview(
  repos: InterviewsRepositories,
  interview: Interview,
  names: InterviewNames = {},
  questions: InterviewQuestion[] = [],
): Promise<void> {
  const company = aCompany({ uuid: interview.companyUuid, ...(names.company && { name: names.company }) });
  const job = aJobRow({ uuid: interview.jobUuid, company_uuid: interview.companyUuid, ...(names.job && { title: names.job }) });
  const candidate = aPerson({ uuid: interview.candidateUuid, ...(names.candidate && { name: names.candidate }) });
  await repos.projections.upsertCompany(company);
  await repos.projections.upsertJob(job);
  await repos.projections.upsertPerson(candidate, interview.createdAt);
  await repos.projections.upsertPerson(aPerson({ uuid: interview.createdBy }), interview.createdAt);
  // The name the company gave is the interview's own (decision 036): `names.candidate`, when given, is it.
  const candidateName = names.candidate ?? interview.candidateName;
  await repos.interviews.insert([
    {
      interview: { ...interview, candidateName },
      keys: { candidateKey: candidateName.toLowerCase(), jobKey: job.title.toLowerCase(), companyKey: company.name.toLowerCase() },
    },
  ]);
  await repos.counters.move(interview.companyUuid, interview.type, null, interview.status);
  await repos.questions.insert(questions);
}
