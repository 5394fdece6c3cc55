import { randomUUID } from 'node:crypto';
import type { Stateful } from '@vi/platform-testing';
import type { Job, JobStatus } from '../src/domain/job';
import { formatAddress, type LocationInput } from '../src/domain/location';
import type { JobCounterRepository, JobCounts, JobListQuery, JobRepository, LocationRepository } from '../src/application/store';

/**
 * In-memory stand-ins for jobs' repositories, for use-case specs: a spec hands a use case only the ones it names
 * (decision 028), in a `memoryStore` (@vi/platform-testing) that rolls their `state` back when a transaction throws.
 * What the database itself guarantees (sort orders, locks, the one location per address) is shown by the integration
 * specs in this folder, not here: `listCounted` keeps insertion order.
 */

export class InMemoryJobs implements JobRepository, Stateful<Map<string, { job: Job; deletedAt: Date | null }>> {
  state = new Map<string, { job: Job; deletedAt: Date | null }>();

  constructor(...jobs: Job[]) {
    for (const job of jobs) this.state.set(job.uuid, { job, deletedAt: null });
  }

  async find(companyUuid: string, uuid: string): Promise<Job | undefined> {
    const row = this.state.get(uuid);
    return row && row.deletedAt === null && row.job.companyUuid === companyUuid ? row.job : undefined;
  }

  async listCounted(query: JobListQuery): Promise<{ jobs: Job[]; counts?: JobCounts }> {
    const live = [...this.state.values()].filter(
      (r) => r.deletedAt === null && r.job.companyUuid === query.companyUuid && (query.statuses.length !== 1 || r.job.status === query.statuses[0]),
    );
    return { jobs: live.slice(query.offset, query.offset + query.limit).map((r) => ({ ...r.job, description: '', place: null })) };
  }

  async insert(job: Job): Promise<void> {
    this.state.set(job.uuid, { job, deletedAt: null });
  }

  async update(job: Job): Promise<void> {
    this.state.set(job.uuid, { job, deletedAt: this.state.get(job.uuid)?.deletedAt ?? null });
  }

  async markDeleted(uuid: string, at: Date): Promise<void> {
    const row = this.state.get(uuid);
    if (row) row.deletedAt = at;
  }
}

export class InMemoryCounters implements JobCounterRepository, Stateful<Map<string, JobCounts>> {
  state = new Map<string, JobCounts>();

  /** Counts these jobs, as if they had been created. */
  constructor(...jobs: Job[]) {
    for (const job of jobs) this.at(job.companyUuid)[job.status]++;
  }

  async lock(companyUuid: string): Promise<JobCounts> {
    return { ...this.at(companyUuid) };
  }

  async countNew(companyUuid: string, status: JobStatus, activeLimit: number): Promise<boolean> {
    const counts = this.at(companyUuid);
    if (status === 'active' && activeLimit !== -1 && counts.active >= activeLimit) return false;
    counts[status]++;
    counts.version++;
    return true;
  }

  async read(companyUuid: string): Promise<JobCounts> {
    return { ...this.at(companyUuid) };
  }

  async move(companyUuid: string, from: JobStatus | null, to: JobStatus | null): Promise<void> {
    const counts = this.at(companyUuid);
    if (from) counts[from]--;
    if (to) counts[to]++;
    counts.version++;
  }

  private at(companyUuid: string): JobCounts {
    const counts = this.state.get(companyUuid) ?? { active: 0, inactive: 0, version: 0 };
    this.state.set(companyUuid, counts);
    return counts;
  }
}

export class InMemoryLocations implements LocationRepository, Stateful<Map<string, { uuid: string; formattedAddress: string }>> {
  /** By company and address in lower case. */
  state = new Map<string, { uuid: string; formattedAddress: string }>();

  async findOrCreate(companyUuid: string, input: LocationInput): Promise<{ uuid: string; formattedAddress: string }> {
    const formattedAddress = formatAddress(input);
    const key = `${companyUuid}/${formattedAddress.toLowerCase()}`;
    const location = this.state.get(key) ?? { uuid: randomUUID(), formattedAddress };
    this.state.set(key, location);
    return location;
  }
}
