import { startTestSystem, type TestSystem } from '../support/test-system';
import { asListItem, createJob, expectValidationFailed, listJobs, uuids, type JobInput } from './job-helpers';

/** Code-point order, then uuid in the same direction (decision 011: every sort ends with the uuid). */
function sortBy(jobs: any[], key: (job: any) => string, direction: 'asc' | 'desc'): any[] {
  const sign = direction === 'asc' ? 1 : -1;
  const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return [...jobs].sort((a, b) => sign * (cmp(key(a), key(b)) || cmp(a.uuid, b.uuid)));
}

describe('GET /jobs: filters, order and paging', () => {
  let t: TestSystem;
  beforeAll(async () => {
    t = await startTestSystem();
  });
  afterAll(() => t.stop());

  describe('on six jobs with distinct titles and locations', () => {
    let company: Awaited<ReturnType<TestSystem['createCompany']>>;
    /** In creation order, as GET /jobs/<uuid> shows them after the updates below. */
    let jobs: any[];
    /** uuids in the order they were last updated. */
    let updateOrder: string[];

    const inputs: JobInput[] = [
      { title: 'Job C', status: 'active', location: { city: 'Lisbon', state: '', country: 'Portugal' } },
      { title: 'Job A', status: 'inactive', location: undefined, locality: { work_mode: 'remote', work_place: '' } },
      { title: 'Job F', status: 'active', location: { city: 'Austin', state: 'TX', country: 'United States' } },
      { title: 'Job B', status: 'inactive', location: undefined, locality: { work_mode: 'on_site', work_place: 'Denver office' } },
      { title: 'Job E', status: 'active', location: { city: 'Chicago', state: 'IL', country: 'United States' } },
      { title: 'Job D', status: 'active', location: { city: 'Berlin', state: '', country: 'Germany' } },
    ];

    beforeAll(async () => {
      company = await t.createCompany();
      const created: any[] = [];
      for (const input of inputs) created.push(await createJob(company.api, input)); // sequential: creation order is known
      // Touch them in an order unlike creation, title and location order.
      updateOrder = [3, 0, 5, 1, 4, 2].map((i) => created[i].uuid);
      for (const uuid of updateOrder) expect((await company.api.put(`/jobs/${uuid}`, { description: `touched ${uuid}` })).status).toBe(200);
      jobs = [];
      for (const job of created) jobs.push((await company.api.get(`/jobs/${job.uuid}`)).body);
    });

    const byUuid = (uuid: string) => jobs.find((j) => j.uuid === uuid);

    it('defaults to created_desc, range 0-49, both statuses', async () => {
      const list = await listJobs(company.api);
      expect(uuids(list.items)).toEqual(uuids(jobs).reverse());
      expect(list.contentRange).toBe('items 0-5/6');
      expect(list.items[0]).toEqual(asListItem(byUuid(list.items[0].uuid)));
      expect((await listJobs(company.api, '?orderby=created_desc')).items).toEqual(list.items);
    });

    it.each([
      ['title_asc', (j: any) => j.title, 'asc'],
      ['title_desc', (j: any) => j.title, 'desc'],
      ['location_asc', (j: any) => j.location.formatted_address, 'asc'],
      ['location_desc', (j: any) => j.location.formatted_address, 'desc'],
    ] as const)('orderby=%s', async (orderby, key, direction) => {
      const list = await listJobs(company.api, `?orderby=${orderby}`);
      const expected = sortBy(jobs, key, direction);
      expect(list.items.map(key)).toEqual(expected.map(key));
      expect(uuids(list.items)).toEqual(uuids(expected));
      expect(list.contentRange).toBe('items 0-5/6');
    });

    it('orderby=title_asc is alphabetical; location_asc by formatted address', async () => {
      expect((await listJobs(company.api, '?orderby=title_asc')).items.map((j) => j.title)).toEqual(['Job A', 'Job B', 'Job C', 'Job D', 'Job E', 'Job F']);
      expect((await listJobs(company.api, '?orderby=location_asc')).items.map((j) => j.location.formatted_address)).toEqual([
        'Austin, TX, United States',
        'Berlin, Germany',
        'Chicago, IL, United States',
        'Denver office',
        'Lisbon, Portugal',
        'Remote',
      ]);
    });

    it('orderby=created_asc / created_desc follow creation order', async () => {
      expect(uuids((await listJobs(company.api, '?orderby=created_asc')).items)).toEqual(uuids(jobs));
      expect(uuids((await listJobs(company.api, '?orderby=created_desc')).items)).toEqual(uuids(jobs).reverse());
    });

    it('orderby=updated_asc / updated_desc follow the last update', async () => {
      expect(uuids((await listJobs(company.api, '?orderby=updated_asc')).items)).toEqual(updateOrder);
      expect(uuids((await listJobs(company.api, '?orderby=updated_desc')).items)).toEqual([...updateOrder].reverse());
    });

    it('status[] filters, alone or repeated, and totals follow the filter', async () => {
      const active = jobs.filter((j) => j.status === 'active');
      const inactive = jobs.filter((j) => j.status === 'inactive');
      const onlyActive = await listJobs(company.api, '?status[]=active');
      expect(uuids(onlyActive.items)).toEqual(uuids(active).reverse());
      expect(onlyActive.contentRange).toBe('items 0-3/4');
      const onlyInactive = await listJobs(company.api, '?status[]=inactive');
      expect(uuids(onlyInactive.items)).toEqual(uuids(inactive).reverse());
      expect(onlyInactive.contentRange).toBe('items 0-1/2');
      const both = await listJobs(company.api, '?status[]=active&status[]=inactive');
      expect(uuids(both.items)).toEqual(uuids(jobs).reverse());
      expect(both.contentRange).toBe('items 0-5/6');
      // The same status twice is still only that status.
      const twice = await listJobs(company.api, '?status[]=active&status[]=active');
      expect(uuids(twice.items)).toEqual(uuids(active).reverse());
      expect(twice.contentRange).toBe('items 0-3/4');
      // URL-encoded brackets are the same parameter.
      expect(uuids((await listJobs(company.api, '?status%5B%5D=inactive')).items)).toEqual(uuids(inactive).reverse());
    });

    it('status[] combined with orderby and range', async () => {
      const active = jobs.filter((j) => j.status === 'active');
      const byTitle = sortBy(active, (j) => j.title, 'asc');
      const page = await listJobs(company.api, '?status[]=active&orderby=title_asc&range=1-2');
      expect(uuids(page.items)).toEqual(uuids(byTitle.slice(1, 3)));
      expect(page.items.map((j) => j.title)).toEqual(['Job D', 'Job E']);
      expect(page.contentRange).toBe('items 1-2/4');

      const byLocationDesc = sortBy(active, (j) => j.location.formatted_address, 'desc');
      const tail = await listJobs(company.api, '?orderby=location_desc&status[]=active&range=2-10');
      expect(uuids(tail.items)).toEqual(uuids(byLocationDesc.slice(2)));
      expect(tail.contentRange).toBe('items 2-3/4');

      const inactiveUpdated = await listJobs(company.api, '?status[]=inactive&orderby=updated_desc&range=0-0');
      const lastUpdatedInactive = [...updateOrder].reverse().find((u) => byUuid(u).status === 'inactive');
      expect(uuids(inactiveUpdated.items)).toEqual([lastUpdatedInactive]);
      expect(inactiveUpdated.contentRange).toBe('items 0-0/2');
    });

    it('range pages: partial last page, single item, and items */<total> past the end', async () => {
      const all = uuids((await listJobs(company.api, '?orderby=title_asc')).items);
      const middle = await listJobs(company.api, '?orderby=title_asc&range=2-4');
      expect(uuids(middle.items)).toEqual(all.slice(2, 5));
      expect(middle.contentRange).toBe('items 2-4/6');
      const one = await listJobs(company.api, '?orderby=title_asc&range=5-5');
      expect(uuids(one.items)).toEqual(all.slice(5));
      expect(one.contentRange).toBe('items 5-5/6');
      const partial = await listJobs(company.api, '?orderby=title_asc&range=4-103');
      expect(uuids(partial.items)).toEqual(all.slice(4));
      expect(partial.contentRange).toBe('items 4-5/6');
      const beyond = await listJobs(company.api, '?orderby=title_asc&range=6-20');
      expect(beyond.items).toEqual([]);
      expect(beyond.contentRange).toBe('items */6');
      const beyondFiltered = await listJobs(company.api, '?status[]=inactive&range=50-60');
      expect(beyondFiltered.items).toEqual([]);
      expect(beyondFiltered.contentRange).toBe('items */2');
    });
  });

  it('items */0 for a company without jobs', async () => {
    const company = await t.createCompany();
    const list = await listJobs(company.api);
    expect(list.items).toEqual([]);
    expect(list.contentRange).toBe('items */0');
    expect((await listJobs(company.api, '?status[]=active&orderby=title_asc&range=0-9')).contentRange).toBe('items */0');
  });

  it('ties are broken by the uuid in the sort direction, so pages neither skip nor repeat', async () => {
    const company = await t.createCompany();
    const same = { title: 'Same title', status: 'inactive', location: { city: 'Austin', state: 'TX', country: 'United States' } } as const;
    const created: any[] = [];
    for (let i = 0; i < 6; i++) created.push(await createJob(company.api, same));
    expect(new Set(created.map((j) => j.location.uuid)).size).toBe(1);
    const ascending = uuids(created).sort();

    for (const orderby of ['title_asc', 'title_desc', 'location_asc', 'location_desc', 'created_desc', 'updated_asc']) {
      const full = await listJobs(company.api, `?orderby=${orderby}&range=0-5`);
      expect(full.contentRange).toBe('items 0-5/6');
      const pages: string[] = [];
      for (const range of ['0-1', '2-3', '4-5']) {
        const page = await listJobs(company.api, `?orderby=${orderby}&range=${range}`);
        expect(page.contentRange).toBe(`items ${range}/6`);
        pages.push(...uuids(page.items));
      }
      expect({ orderby, pages }).toEqual({ orderby, pages: uuids(full.items) });
      expect(new Set(pages).size).toBe(6);
      if (orderby.startsWith('title') || orderby.startsWith('location')) {
        expect({ orderby, order: uuids(full.items) }).toEqual({ orderby, order: orderby.endsWith('_asc') ? ascending : [...ascending].reverse() });
      }
    }
  });

  describe('refuses bad query parameters with 400 naming the parameter', () => {
    let company: Awaited<ReturnType<TestSystem['createCompany']>>;
    beforeAll(async () => {
      company = await t.createCompany();
    });

    it.each<[string, Array<string | RegExp>]>([
      ['?status[]=paused', [/^status(\[\])?(\.\d+)?$/]],
      ['?status[]=active&status[]=deleted', [/^status(\[\])?(\.\d+)?$/]],
      ['?orderby=salary_desc', ['orderby']],
      ['?orderby=TITLE_ASC', ['orderby']],
      ['?range=5-1', ['range']],
      ['?range=0-100', ['range']],
      ['?range=10-110', ['range']],
      ['?range=abc', ['range']],
      ['?orderby=nope&range=9-1&status[]=open', ['orderby', 'range', /^status(\[\])?(\.\d+)?$/]],
    ])('%s', async (query, fields) => {
      expectValidationFailed(await company.api.get(`/jobs${query}`), fields);
    });

    it('accepts exactly 100 items', async () => {
      expect((await company.api.get('/jobs?range=0-99')).status).toBe(200);
      expect((await company.api.get('/jobs?range=100-199')).status).toBe(200);
    });
  });
});
