import type { jobs } from '@vi/contracts';
import { FakeClock } from '@vi/platform-time';
import type { Caller } from '@vi/platform-grpc';
import type { JobsDirectory } from '../application/ports';
import { CachedJobsDirectory } from './cached-jobs.directory';

const callerOf = (companyUuid: string): Caller => ({
  principal: { kind: 'user', userUuid: 'u1', companyUuid, role: 'administrator', userType: 'company_user' },
});
const ours = callerOf('c1');

/** Jobs as a table we change, counting the calls made to it; a job is found only by its own company. */
class JobsTable implements JobsDirectory {
  jobs = new Map<string, { companyUuid: string; status: string }>([['j1', { companyUuid: 'c1', status: 'active' }]]);
  calls: string[] = [];
  /** When set, answers wait for it (a fetch under way while something changes). */
  gate?: Promise<void>;

  async findJob(caller: Caller, jobUuid: string): Promise<jobs.Job | undefined> {
    this.calls.push(jobUuid);
    const row = this.jobs.get(jobUuid);
    const answer = row && row.companyUuid === caller.principal.companyUuid ? ({ uuid: jobUuid, title: 'Role', status: row.status } as jobs.Job) : undefined;
    await this.gate;
    return answer;
  }

  async jobStatus(_: Caller, job: { jobUuid: string }): Promise<string> {
    this.calls.push(`status ${job.jobUuid}`);
    return this.jobs.get(job.jobUuid)?.status ?? 'inactive';
  }
}

describe('jobs remembered by interviews for creations (decision 057)', () => {
  it('asks jobs once for a job asked for again and again', async () => {
    const table = new JobsTable();
    const sut = new CachedJobsDirectory(table, new FakeClock());
    for (let i = 0; i < 5; i++) expect((await sut.findJob(ours, 'j1'))?.status).toBe('active');
    expect(table.calls).toEqual(['j1']);
  });

  it('sees a deactivation on the next creation once the event has dropped the entry', async () => {
    const table = new JobsTable();
    const sut = new CachedJobsDirectory(table, new FakeClock());
    await sut.findJob(ours, 'j1');
    table.jobs.set('j1', { companyUuid: 'c1', status: 'inactive' });
    sut.forgetJob('j1');
    expect((await sut.findJob(ours, 'j1'))?.status).toBe('inactive');
  });

  it('asks again once the time to live has passed, even if an event was missed', async () => {
    const table = new JobsTable();
    const clock = new FakeClock();
    const sut = new CachedJobsDirectory(table, clock, 10_000);
    await sut.findJob(ours, 'j1');
    table.jobs.set('j1', { companyUuid: 'c1', status: 'inactive' });
    clock.advance(9_999);
    expect((await sut.findJob(ours, 'j1'))?.status).toBe('active');
    clock.advance(1);
    expect((await sut.findJob(ours, 'j1'))?.status).toBe('inactive');
  });

  it('never serves a job to another company, and never remembers "not found"', async () => {
    const table = new JobsTable();
    const sut = new CachedJobsDirectory(table, new FakeClock());
    await sut.findJob(ours, 'j1');
    expect(await sut.findJob(callerOf('c2'), 'j1')).toBeUndefined();
    expect(await sut.findJob(ours, 'j2')).toBeUndefined();
    table.jobs.set('j2', { companyUuid: 'c1', status: 'active' });
    expect((await sut.findJob(ours, 'j2'))?.status).toBe('active');
    expect(table.calls).toEqual(['j1', 'j1', 'j2', 'j2']);
  });

  it('does not keep what a fetch read while the job changed', async () => {
    const table = new JobsTable();
    const sut = new CachedJobsDirectory(table, new FakeClock());
    let release!: () => void;
    table.gate = new Promise((resolve) => (release = resolve));
    const underWay = sut.findJob(ours, 'j1');
    table.jobs.set('j1', { companyUuid: 'c1', status: 'inactive' });
    sut.forgetJob('j1');
    release();
    expect((await underWay)?.status).toBe('active');
    table.gate = undefined;
    expect((await sut.findJob(ours, 'j1'))?.status).toBe('inactive');
  });

  it('always asks jobs for the live status', async () => {
    const table = new JobsTable();
    const sut = new CachedJobsDirectory(table, new FakeClock());
    await sut.jobStatus(ours, { companyUuid: 'c1', jobUuid: 'j1' });
    await sut.jobStatus(ours, { companyUuid: 'c1', jobUuid: 'j1' });
    expect(table.calls).toEqual(['status j1', 'status j1']);
  });
});
