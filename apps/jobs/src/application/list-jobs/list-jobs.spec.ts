import type { JobJson } from '@vi/contracts';
import { memoryStore } from '@vi/platform-testing';
import { FakeClock } from '@vi/platform-time';
import { MemoryJobPageCache } from '../../infrastructure/memory-job-page.cache';
import { aCaller, aCompanyUser, aJob, aJobSeeker, IdentityTable, testLinks } from '../../../test/factories';
import { InMemoryCounters, InMemoryJobs } from '../../../test/fakes';
import { listJobs, type ListJobsInput } from './list-jobs';

describe('listJobs', () => {
  const user = aCompanyUser();
  const company = user.companyUuid!;
  const identity = new IdentityTable();
  const listed = [
    aJob({ companyUuid: company, title: 'One', status: 'active' }),
    aJob({ companyUuid: company, title: 'Two', status: 'inactive' }),
    aJob({ companyUuid: company, title: 'Three', status: 'active' }),
  ];
  const store = memoryStore({ jobs: new InMemoryJobs(...listed, aJob({ title: 'Elsewhere' })), counters: new InMemoryCounters(...listed) });
  const sut = async (given: Partial<ListJobsInput> = {}, caller = aCaller(user)) => {
    const page = await listJobs({ store, identity, links: testLinks, pages: new MemoryJobPageCache(() => identity.generation, new FakeClock()) }, caller, {
      statuses: [],
      orderBy: 'created_desc',
      rangeFrom: 0,
      rangeTo: 49,
      ...given,
    });
    return { ...page, items: JSON.parse(page.items_json.toString()) as JobJson[] };
  };

  it("lists the company's jobs as the API shows list items: named people, no description", async () => {
    identity.names.set(listed[0].createdBy, 'Olga One');
    const page = await sut();
    expect(page.items.map((j) => j.title)).toEqual(['One', 'Two', 'Three']);
    expect(page.items[0]).not.toHaveProperty('description');
    expect(page.items[0].created_by).toMatchObject({ uuid: listed[0].createdBy, name: 'Olga One' });
    expect(page.items[0]).toMatchObject({ open_interview: null, job_video: null, company: { uuid: company } });
    expect({ total: page.total, count: page.count }).toEqual({ total: 3, count: 3 });
  });

  it('totals the statuses asked for, whatever the range shows', async () => {
    expect((await sut({ statuses: ['active'] })).total).toBe(2);
    expect((await sut({ statuses: ['inactive'] })).total).toBe(1);
    expect((await sut({ statuses: ['active', 'inactive', 'active'] })).total).toBe(3);
    const past = await sut({ rangeFrom: 10, rangeTo: 19 });
    expect({ total: past.total, count: past.count, items: past.items }).toEqual({ total: 3, count: 0, items: [] });
  });

  it.each([
    [{ orderBy: 'created_sideways' }, 'orderby'],
    [{ orderBy: 'salary_desc' }, 'orderby'],
    [{ orderBy: 'created_asc; delete from jobs' }, 'orderby'],
    [{ statuses: ['active', 'archived'] }, 'status[]'],
  ])('refuses %j, outside the contract, with api.validation_failed before reading anything (issue 38)', async (given, field) => {
    const reads: string[] = [];
    const untouched = { read: new Proxy({}, { get: (_target, name) => reads.push(String(name)) && undefined }) } as unknown as typeof store;
    const refused = listJobs({ store: untouched, identity, links: testLinks, pages: new MemoryJobPageCache(() => 0, new FakeClock()) }, aCaller(user), {
      statuses: [],
      orderBy: 'created_desc',
      rangeFrom: 0,
      rangeTo: 49,
      ...(given as Partial<ListJobsInput>),
    });
    await expect(refused).rejects.toMatchObject({ kind: 'invalid_argument', code: 'api.validation_failed', fieldErrors: [expect.objectContaining({ field })] });
    expect(reads).toEqual([]);
  });

  it('is only for company users (403)', async () => {
    await expect(sut({}, aCaller(aJobSeeker()))).rejects.toMatchObject({ code: 'api.company_user_required' });
  });
});
