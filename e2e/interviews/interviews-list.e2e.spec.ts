import { waitFor } from '@vi/platform-testing';
import { startTestSystem, type TestSystem } from '../support/test-system';
import { createJob, expectValidationFailed, uuids } from '../jobs/job-helpers';
import {
  DAY_MS,
  asListItem,
  companyWithJob,
  createInterview,
  expectInterviewShape,
  getInterview,
  inFuture,
  interviewBody,
  listInterviews,
  liveBody,
  putInterview,
  seekerEmail,
} from './interview-helpers';

type Direction = 'asc' | 'desc';
const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Sorted by key, then uuid in the same direction (decision 008: every sort ends with the uuid). */
function sortBy(items: any[], key: (i: any) => string, direction: Direction): any[] {
  const sign = direction === 'asc' ? 1 : -1;
  return [...items].sort((a, b) => sign * (cmp(key(a), key(b)) || cmp(a.uuid, b.uuid)));
}

/** `first` in the given order, then the others by uuid in the sort's direction. */
function knownOrderThenUuid(first: string[], all: any[], direction: Direction): string[] {
  const rest = sortBy(
    all.filter((i) => !first.includes(i.uuid)),
    () => '',
    direction,
  );
  return [...first, ...uuids(rest)];
}

describe('GET /interviews: filters, order and paging', () => {
  let t: TestSystem;
  let company: Awaited<ReturnType<typeof companyWithJob>>;
  /** Every interview of the company, as GET /interviews/<uuid> shows them after the setup. */
  let all: any[];
  const byName: Record<string, any> = {};
  /** uuids in the order they were last changed, and in the order they were completed. */
  let updateOrder: string[];
  let completionOrder: string[];
  let sams: any[];

  beforeAll(async () => {
    t = await startTestSystem({ INTERVIEW_EXPIRY_SWEEP_MS: '200' });
    company = await companyWithJob(t, 'unlimited', { title: 'Alpha job' });
    const beta = await createJob(company.api, { title: 'Beta job', status: 'active' });
    const gamma = await createJob(company.api, { title: 'gamma job', status: 'active' });

    const make = async (name: string, type: 'one_way' | 'live', job: string, scheduledAt: string, email = seekerEmail(name.split(' ')[0].toLowerCase())) => {
      const body =
        type === 'live'
          ? liveBody(job, { scheduled_at: scheduledAt, assigned_to: { name, email } })
          : interviewBody(job, { scheduled_at: scheduledAt, assigned_to: { name, email } });
      const created = await createInterview(company.api, body);
      byName[name] = created;
      return created;
    };
    // The expiring one first, so its due time passes while the others are created.
    await make('Dan Dole', 'one_way', company.job.uuid, inFuture(2_500));
    await make('Carol Clark', 'one_way', beta.uuid, inFuture(10 * DAY_MS));
    await make('alice Allen', 'live', company.job.uuid, inFuture(3 * DAY_MS));
    await make('Eve Evans', 'one_way', gamma.uuid, inFuture(7 * DAY_MS));
    await make('Bob Brown', 'live', gamma.uuid, inFuture(5 * DAY_MS));
    // Four with the same candidate name, the same job and the same due time: ties everywhere.
    const samTime = inFuture(4 * DAY_MS);
    sams = [];
    for (let n = 1; n <= 4; n++)
      sams.push(
        await createInterview(company.api, liveBody(beta.uuid, { scheduled_at: samTime, assigned_to: { name: 'Sam Same', email: seekerEmail(`sam${n}`) } })),
      );
    // Deleted: in no list.
    const gone = await make('Fay Fox', 'one_way', gamma.uuid, inFuture(4 * DAY_MS));
    expect((await company.api.delete(`/interviews/${gone.uuid}`)).status).toBe(204);

    await waitFor(async () => (await getInterview(company.api, byName['Dan Dole'].uuid)).status === 'expired', 8_000, 100);

    // Changes after the expiry, one at a time, in an order unlike creation, name or uuid order.
    const touches: Array<[string, Record<string, unknown>]> = [
      [byName['Bob Brown'].uuid, { status: 'completed' }],
      [byName['Eve Evans'].uuid, { status: 'canceled' }],
      [byName['alice Allen'].uuid, { status: 'completed' }],
      [sams[2].uuid, { scheduled_at: samTime }],
      [byName['Carol Clark'].uuid, { scheduled_at: inFuture(11 * DAY_MS) }],
      [sams[0].uuid, { scheduled_at: samTime }],
      [byName['Bob Brown'].uuid, { rating: 3.5 }],
      [sams[3].uuid, { scheduled_at: samTime }],
      [sams[1].uuid, { scheduled_at: samTime }],
    ];
    updateOrder = [byName['Dan Dole'].uuid];
    for (const [uuid, body] of touches) {
      await putInterview(company.api, uuid, body);
      updateOrder = [...updateOrder.filter((u) => u !== uuid), uuid];
    }
    completionOrder = [byName['Bob Brown'].uuid, byName['alice Allen'].uuid];

    all = [];
    for (const uuid of updateOrder) all.push(asListItem(await getInterview(company.api, uuid)));
  });
  afterAll(() => t.stop());

  const only = (predicate: (i: any) => boolean) => all.filter(predicate);

  it('the setup: nine interviews, every company-side status', () => {
    expect(all).toHaveLength(9);
    expect(all.map((i) => i.status).sort()).toEqual([
      'canceled',
      'completed',
      'completed',
      'expired',
      'requested',
      'requested',
      'requested',
      'requested',
      'requested',
    ]);
  });

  it('defaults to scheduled_desc, range 0-49; items are the single reads without questions', async () => {
    const list = await listInterviews(company.api);
    expect(list.contentRange).toBe('items 0-8/9');
    expect(uuids(list.items)).toEqual(uuids(sortBy(all, (i) => i.scheduled_at, 'desc')));
    for (const item of list.items) {
      expectInterviewShape(item, { questions: false });
      expect(item).toEqual(all.find((i) => i.uuid === item.uuid));
    }
    expect((await listInterviews(company.api, '?orderby=scheduled_desc')).items).toEqual(list.items);
    expect(list.items.map((i) => i.uuid)).not.toContain(byName['Fay Fox'].uuid);
  });

  it.each([
    ['scheduled_asc', (i: any) => i.scheduled_at, 'asc'],
    ['scheduled_desc', (i: any) => i.scheduled_at, 'desc'],
    ['candidate_asc', (i: any) => i.assigned_to.name.toLowerCase(), 'asc'],
    ['candidate_desc', (i: any) => i.assigned_to.name.toLowerCase(), 'desc'],
    ['job_asc', (i: any) => i.job_post.title.toLowerCase(), 'asc'],
    ['job_desc', (i: any) => i.job_post.title.toLowerCase(), 'desc'],
    ['company_asc', (i: any) => i.company.name, 'asc'],
    ['company_desc', (i: any) => i.company.name, 'desc'],
  ] as const)('orderby=%s', async (orderby, key, direction) => {
    const list = await listInterviews(company.api, `?orderby=${orderby}`);
    expect(list.contentRange).toBe('items 0-8/9');
    const expected = sortBy(all, key, direction);
    expect(list.items.map(key)).toEqual(expected.map(key));
    expect(uuids(list.items)).toEqual(uuids(expected));
  });

  it('orderby=candidate_asc is by assignee name (ignoring case); job_asc by job title', async () => {
    expect((await listInterviews(company.api, '?orderby=candidate_asc')).items.map((i) => i.assigned_to.name)).toEqual([
      'alice Allen',
      'Bob Brown',
      'Carol Clark',
      'Dan Dole',
      'Eve Evans',
      'Sam Same',
      'Sam Same',
      'Sam Same',
      'Sam Same',
    ]);
    expect((await listInterviews(company.api, '?orderby=job_desc')).items.map((i) => i.job_post.title)).toEqual([
      'gamma job',
      'gamma job',
      'Beta job',
      'Beta job',
      'Beta job',
      'Beta job',
      'Beta job',
      'Alpha job',
      'Alpha job',
    ]);
  });

  it('orderby=updated_asc / updated_desc: by the last change', async () => {
    expect(uuids((await listInterviews(company.api, '?orderby=updated_asc')).items)).toEqual(updateOrder);
    expect(uuids((await listInterviews(company.api, '?orderby=updated_desc')).items)).toEqual([...updateOrder].reverse());
  });

  it('orderby=completed_asc / completed_desc: completed ones by completed_at, the uncompleted last in both directions', async () => {
    const asc = (await listInterviews(company.api, '?orderby=completed_asc')).items;
    expect(uuids(asc)).toEqual(knownOrderThenUuid(completionOrder, all, 'asc'));
    expect(asc.map((i) => i.completed_at !== null)).toEqual([true, true, false, false, false, false, false, false, false]);
    const desc = (await listInterviews(company.api, '?orderby=completed_desc')).items;
    expect(uuids(desc)).toEqual(knownOrderThenUuid([...completionOrder].reverse(), all, 'desc'));
    expect(desc.map((i) => i.completed_at !== null)).toEqual([true, true, false, false, false, false, false, false, false]);
  });

  it('type[] filters: one_way, live, both', async () => {
    const oneWay = await listInterviews(company.api, '?type[]=one_way&orderby=scheduled_asc');
    expect(uuids(oneWay.items)).toEqual(
      uuids(
        sortBy(
          only((i) => i.type === 'one_way'),
          (i) => i.scheduled_at,
          'asc',
        ),
      ),
    );
    expect(oneWay.contentRange).toBe('items 0-2/3');
    const live = await listInterviews(company.api, '?type[]=live&orderby=scheduled_asc');
    expect(uuids(live.items)).toEqual(
      uuids(
        sortBy(
          only((i) => i.type === 'live'),
          (i) => i.scheduled_at,
          'asc',
        ),
      ),
    );
    expect(live.contentRange).toBe('items 0-5/6');
    const both = await listInterviews(company.api, '?type[]=one_way&type[]=live');
    expect(both.contentRange).toBe('items 0-8/9');
  });

  it.each([
    ['requested', 5],
    ['completed', 2],
    ['canceled', 1],
    ['expired', 1],
  ] as const)('status[]=%s', async (status, count) => {
    const list = await listInterviews(company.api, `?status[]=${status}&orderby=candidate_asc`);
    expect(uuids(list.items)).toEqual(
      uuids(
        sortBy(
          only((i) => i.status === status),
          (i) => i.assigned_to.name.toLowerCase(),
          'asc',
        ),
      ),
    );
    expect(list.contentRange).toBe(`items 0-${count - 1}/${count}`);
  });

  it('status[]=accepted (none yet): [] and items */0', async () => {
    const list = await listInterviews(company.api, '?status[]=accepted');
    expect(list.items).toEqual([]);
    expect(list.contentRange).toBe('items */0');
  });

  it('status[] is repeatable: two values, and all five', async () => {
    const two = await listInterviews(company.api, '?status[]=completed&status[]=canceled&orderby=updated_asc');
    expect(uuids(two.items)).toEqual(updateOrder.filter((u) => ['completed', 'canceled'].includes(all.find((i) => i.uuid === u).status)));
    expect(two.contentRange).toBe('items 0-2/3');
    const five = await listInterviews(company.api, '?status[]=accepted&status[]=requested&status[]=completed&status[]=expired&status[]=canceled');
    expect(five.contentRange).toBe('items 0-8/9');
    expect(uuids(five.items)).toEqual(uuids((await listInterviews(company.api)).items));
  });

  it('filters, order and range together', async () => {
    const liveRequested = sortBy(
      only((i) => i.type === 'live' && i.status === 'requested'),
      (i) => i.scheduled_at,
      'asc',
    );
    expect(liveRequested).toHaveLength(4);
    const page = await listInterviews(company.api, '?type[]=live&status[]=requested&orderby=scheduled_asc&range=1-2');
    expect(uuids(page.items)).toEqual(uuids(liveRequested.slice(1, 3)));
    expect(page.contentRange).toBe('items 1-2/4');

    const oneWayDone = await listInterviews(company.api, '?type[]=one_way&status[]=completed');
    expect(oneWayDone.items).toEqual([]);
    expect(oneWayDone.contentRange).toBe('items */0');

    const tail = await listInterviews(company.api, '?status[]=requested&status[]=expired&orderby=job_asc&range=4-50');
    expect(uuids(tail.items)).toEqual(
      uuids(
        sortBy(
          only((i) => ['requested', 'expired'].includes(i.status)),
          (i) => i.job_post.title.toLowerCase(),
          'asc',
        ).slice(4),
      ),
    );
    expect(tail.contentRange).toBe('items 4-5/6');
  });

  it('Content-Range: a partial last page, a page past the end, a single item', async () => {
    expect((await listInterviews(company.api, '?range=7-20')).contentRange).toBe('items 7-8/9');
    const past = await listInterviews(company.api, '?range=9-20');
    expect(past.items).toEqual([]);
    expect(past.contentRange).toBe('items */9');
    expect((await listInterviews(company.api, '?range=50-60')).contentRange).toBe('items */9');
    const one = await listInterviews(company.api, '?range=3-3&orderby=candidate_asc');
    expect(one.contentRange).toBe('items 3-3/9');
    expect(one.items[0].assigned_to.name).toBe('Dan Dole');
    expect((await listInterviews(company.api, '?range=0-99')).contentRange).toBe('items 0-8/9');
  });

  it.each(['candidate_asc', 'candidate_desc', 'scheduled_desc', 'job_asc', 'company_asc', 'updated_desc', 'completed_asc'])(
    'ties are stable across pages (%s, pages of 2)',
    async (orderby) => {
      const whole = uuids((await listInterviews(company.api, `?orderby=${orderby}`)).items);
      const paged: string[] = [];
      for (let from = 0; from < 9; from += 2) {
        const page = await listInterviews(company.api, `?orderby=${orderby}&range=${from}-${from + 1}`);
        expect(page.contentRange).toBe(`items ${from}-${Math.min(from + 1, 8)}/9`);
        paged.push(...uuids(page.items));
      }
      expect(paged).toEqual(whole);
      expect(new Set(paged).size).toBe(9);
      // The four Sam Same interviews tie on name, job, company, due time and (uncompleted) completed_at: uuid decides.
      if (!orderby.startsWith('updated')) {
        const samUuids = uuids(sams);
        const direction = orderby.endsWith('_desc') ? -1 : 1;
        expect(paged.filter((u) => samUuids.includes(u))).toEqual([...samUuids].sort((a, b) => direction * cmp(a, b)));
      }
    },
  );

  it.each([
    ['type[]=video', ['type[]']],
    ['type[]=one_way&type[]=webinar', ['type[]']],
    ['status[]=bogus', ['status[]']],
    ['status[]=requested&status[]=Requested', ['status[]']],
    ['orderby=title_asc', ['orderby']],
    ['orderby=', ['orderby']],
    ['range=5-2', ['range']],
    ['range=0-100', ['range']],
    ['range=a-b', ['range']],
    ['range=5', ['range']],
    ['range=-1-5', ['range']],
    ['type[]=video&status[]=bogus&orderby=nope&range=9-1', ['type[]', 'status[]', 'orderby', 'range']],
  ] as const)('400 api.validation_failed for ?%s', async (query, fields) => {
    expectValidationFailed(await company.api.get(`/interviews?${query}`), [...fields]);
  });

  it('lists show nothing of another company, and the other company sees nothing of these', async () => {
    const other = await companyWithJob(t);
    const list = await listInterviews(other.api, '?range=0-99');
    expect(list.items).toEqual([]);
    expect(list.contentRange).toBe('items */0');
    const theirs = await createInterview(other.api, liveBody(other.job.uuid, { assigned_to: { name: 'Aaron Early', email: seekerEmail('aaron') } }));
    expect(uuids((await listInterviews(other.api, '?orderby=candidate_asc')).items)).toEqual([theirs.uuid]);
    expect((await listInterviews(company.api)).contentRange).toBe('items 0-8/9');
  });
});
