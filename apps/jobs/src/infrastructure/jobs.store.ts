import { OutboxStore } from '@vi/platform-bus';
import type { Kysely } from '@vi/platform-postgres';
import type { JobsRepositories, JobsStore } from '../application/store';
import { JobCounterRepository } from './job-counter.repository';
import { JobRepository } from './job.repository';
import type { JobsDatabase } from './jobs.database';
import { KnownLocations, LocationRepository } from './location.repository';
import { DailyApplicationRepository, OpenInterviewApplicationRepository } from './open-interview-application.repository';
import { VideoDeletionRepository } from './video-deletion.repository';

/** The SQL repositories, bound to one connection or transaction; `knownLocations` is shared by all. */
export function sqlJobsRepositories(db: Kysely<JobsDatabase>, knownLocations: KnownLocations): JobsRepositories {
  return {
    jobs: new JobRepository(db),
    locations: new LocationRepository(db, knownLocations),
    counters: new JobCounterRepository(db),
    applications: new OpenInterviewApplicationRepository(db),
    dailyApplications: new DailyApplicationRepository(db),
    videoDeletions: new VideoDeletionRepository(db),
  };
}

export function createJobsStore(db: Kysely<JobsDatabase>, relay: ConstructorParameters<typeof OutboxStore>[1]): JobsStore {
  const knownLocations = new KnownLocations();
  return new OutboxStore(db, relay, (conn) => sqlJobsRepositories(conn, knownLocations));
}
