import { randomUUID } from 'node:crypto';
import type { Stateful } from '@vi/platform-testing';
import type { Job, JobStatus } from '../src/domain/job';
import { formatAddress, type LocationInput } from '../src/domain/location';
import type {
  JobCounterRepository,
  JobCounts,
  JobListQuery,
  JobRepository,
  LocationRepository,
  ClaimRequest,
  OpenInterviewApplication,
  OpenInterviewApplicationRepository,
  PendingApplication,
  ResumableApplication,
  DailyApplicationRepository,
  VideoDeletionRepository,
} from '../src/application/store';

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

  async findByOpenInterview(openInterviewUuid: string): Promise<Job | undefined> {
    return [...this.state.values()].find((r) => r.deletedAt === null && r.job.openInterview?.uuid === openInterviewUuid)?.job;
  }

  async findByVideo(videoUuid: string): Promise<Job | undefined> {
    return [...this.state.values()].find((r) => r.deletedAt === null && r.job.video?.uuid === videoUuid)?.job;
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

type ApplicationRow = OpenInterviewApplication & { claimedInterviewUuid: string; claimedAt: Date; pending: PendingApplication | null };

export class InMemoryApplications implements OpenInterviewApplicationRepository, Stateful<Map<string, ApplicationRow>> {
  /** By open interview and email key. */
  state = new Map<string, ApplicationRow>();

  async claim({ openInterviewUuid, emailKey, at, staleBefore, interviewUuid, pending }: ClaimRequest): Promise<string | undefined> {
    const key = `${openInterviewUuid}/${emailKey}`;
    const row = this.state.get(key);
    if (row && (row.interviewUuid !== null || row.claimedAt >= staleBefore)) return undefined;
    const claimedInterviewUuid = row?.claimedInterviewUuid ?? interviewUuid;
    this.state.set(key, { interviewUuid: null, resentAt: null, claimedInterviewUuid, claimedAt: at, pending });
    return claimedInterviewUuid;
  }

  async find(openInterviewUuid: string, emailKey: string): Promise<OpenInterviewApplication | undefined> {
    const row = this.state.get(`${openInterviewUuid}/${emailKey}`);
    return row && { interviewUuid: row.interviewUuid, resentAt: row.resentAt };
  }

  async attach(openInterviewUuid: string, emailKey: string, interviewUuid: string): Promise<void> {
    const row = this.state.get(`${openInterviewUuid}/${emailKey}`);
    if (row) Object.assign(row, { interviewUuid, pending: null });
  }

  async release(openInterviewUuid: string, emailKey: string, refused: boolean): Promise<void> {
    const row = this.state.get(`${openInterviewUuid}/${emailKey}`);
    if (row?.interviewUuid !== null) return;
    // Claimable again at once, as PostgreSQL's '-infinity' is before any staleness bound.
    row.claimedAt = new Date(-8.64e15);
    if (refused) row.pending = null;
  }

  async takeResumable(at: Date, staleBefore: Date, limit: number): Promise<ResumableApplication[]> {
    const taken = [...this.state.entries()]
      .filter(([, row]) => row.pending !== null && row.interviewUuid === null && row.claimedAt < staleBefore)
      .sort(([, a], [, b]) => a.claimedAt.getTime() - b.claimedAt.getTime())
      .slice(0, limit);
    return taken.map(([key, row]) => {
      row.claimedAt = at;
      const [openInterviewUuid, emailKey] = key.split('/');
      return { openInterviewUuid, emailKey, interviewUuid: row.claimedInterviewUuid, pending: row.pending! };
    });
  }

  async markResent(openInterviewUuid: string, emailKey: string, at: Date, lastBefore: Date): Promise<boolean> {
    const row = this.state.get(`${openInterviewUuid}/${emailKey}`);
    if (!row || row.interviewUuid === null || (row.resentAt !== null && row.resentAt > lastBefore)) return false;
    row.resentAt = at;
    return true;
  }
}

export class InMemoryDailyApplications implements DailyApplicationRepository, Stateful<Map<string, number>> {
  /** By open interview and day. */
  state = new Map<string, number>();

  async count(openInterviewUuid: string, day: string, cap: number): Promise<boolean> {
    const key = `${openInterviewUuid}/${day}`;
    const counted = this.state.get(key) ?? 0;
    if (counted >= cap) return false;
    this.state.set(key, counted + 1);
    return true;
  }
}

export class InMemoryVideoDeletions implements VideoDeletionRepository, Stateful<Map<string, Date>> {
  /** When each key's object is to go. */
  state = new Map<string, Date>();

  async schedule(storageKey: string, after: Date): Promise<void> {
    this.state.set(storageKey, after);
  }

  async due(now: Date, limit: number): Promise<string[]> {
    return [...this.state.entries()]
      .filter(([, after]) => after <= now)
      .sort(([keyA, a], [keyB, b]) => a.getTime() - b.getTime() || (keyA < keyB ? -1 : 1))
      .slice(0, limit)
      .map(([key]) => key);
  }

  async forget(storageKeys: string[]): Promise<void> {
    for (const key of storageKeys) this.state.delete(key);
  }
}
