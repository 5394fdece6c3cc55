import { OutboxStore } from '@vi/platform-bus';
import type { Kysely } from '@vi/platform-postgres';
import type { JobsStore } from '../application/store';
import { JobCounterRepository } from './job-counter.repository';
import { JobRepository } from './job.repository';
import type { JobsDatabase } from './jobs.database';
import { KnownLocations, LocationRepository } from './location.repository';

/** The SQL repositories, bound to one connection or transaction. */
class SqlJobsRepositories {
  readonly jobs: JobRepository;
  readonly locations: LocationRepository;
  readonly counters: JobCounterRepository;

  constructor(
    readonly db: Kysely<JobsDatabase>,
    knownLocations: KnownLocations,
  ) {
    this.jobs = new JobRepository(db);
    this.locations = new LocationRepository(db, knownLocations);
    this.counters = new JobCounterRepository(db);
  }
}

export function createJobsStore(db: Kysely<JobsDatabase>, relay: ConstructorParameters<typeof OutboxStore>[1]): JobsStore {
  const knownLocations = new KnownLocations();
  return new OutboxStore(db, relay, (conn) => new SqlJobsRepositories(conn, knownLocations));
}
