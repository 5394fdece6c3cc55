import { randomUUID } from 'node:crypto';
import { INTERVIEW_ORDERS, type InterviewOrder } from '@vi/contracts';
import { listInterviews } from '../src/application/list-interviews/list-interviews';
import type { Interview } from '../src/domain/interview';
import type { InterviewStatus, InterviewType } from '../src/domain/interview-status';
import { insertInterview, openInterviewsTestDatabase, type InterviewNames, type InterviewsTestDatabase } from './database';
import { AT, aCaller, anInterview, aUserOfCompany, itemsOf } from './factories';

/** The interviews list (GET /interviews): its orders, filters, pages and totals, as the SQL gives them. */
describe('interview lists on a real database', () => {
  let t: InterviewsTestDatabase;
  const companyUuid = randomUUID();
  const caller = aCaller(aUserOfCompany(companyUuid));
  const minutes = (n: number) => new Date(AT.getTime() + n * 60_000);
  /** Each with the names it sorts by; ties (same time, same name) are broken by uuid. */
  const seeded: Array<{ interview: Interview; names: Required<InterviewNames> }> = [];

  function seed(overrides: Partial<Interview>, names: Required<InterviewNames>): Interview {
    const interview = anInterview({ companyUuid, ...overrides });
    seeded.push({ interview, names });
    return interview;
  }

  const first = seed({ scheduledAt: minutes(30), updatedAt: minutes(3) }, { candidate: 'Bob', job: 'Designer', company: 'Acme' });
  const completedEarly = seed(
    { type: 'live', status: 'completed', scheduledAt: minutes(10), completedAt: minutes(1), updatedAt: minutes(1) },
    { candidate: 'alice', job: 'Engineer', company: 'Acme' },
  );
  const completedLate = seed(
    { status: 'completed', scheduledAt: minutes(10), completedAt: minutes(2), updatedAt: minutes(2) },
    { candidate: 'Carol', job: 'engineer', company: 'Acme' },
  );
  seed({ status: 'accepted', scheduledAt: minutes(20), updatedAt: minutes(4) }, { candidate: 'bob', job: 'Analyst', company: 'Acme' });
  seed({ status: 'expired', scheduledAt: minutes(5), updatedAt: minutes(5) }, { candidate: 'Dave', job: 'Designer', company: 'Acme' });
  seed({ type: 'live', status: 'canceled', scheduledAt: minutes(30), updatedAt: minutes(3) }, { candidate: 'Eve', job: 'Zookeeper', company: 'Acme' });
  seed({ type: 'live', scheduledAt: minutes(40), updatedAt: minutes(6) }, { candidate: 'Zed', job: 'analyst', company: 'Acme' });
  seed({ scheduledAt: minutes(30), updatedAt: minutes(3) }, { candidate: 'Ann', job: 'Designer', company: 'Acme' });
  const deleted = anInterview({ companyUuid, scheduledAt: minutes(1) });
  const otherCompany = anInterview({ scheduledAt: minutes(1) });

  beforeAll(async () => {
    t = await openInterviewsTestDatabase();
    await t.store.transaction(async (tx) => {
      for (const { interview, names } of seeded) await insertInterview(tx, interview, names);
      await insertInterview(tx, deleted, { company: 'Acme' });
      await insertInterview(tx, otherCompany);
      await tx.interviews.markDeleted(deleted.uuid, AT);
      await tx.counters.move(companyUuid, deleted.type, deleted.status, null);
    });
  });
  afterAll(() => t.close());

  /** What each order sorts by, as the API documents it (interviews not completed last in either direction). */
  function expectedOrder(order: InterviewOrder, rows = seeded): string[] {
    const [key, direction] = order.split('_') as [string, 'asc' | 'desc'];
    const sign = direction === 'asc' ? 1 : -1;
    const value = ({ interview, names }: (typeof seeded)[number]): string | number | null => {
      if (key === 'scheduled') return interview.scheduledAt.getTime();
      if (key === 'completed') return interview.completedAt?.getTime() ?? null;
      if (key === 'updated') return interview.updatedAt.getTime();
      return names[key as 'candidate' | 'job' | 'company'].toLowerCase();
    };
    const compare = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);
    return [...rows]
      .sort((a, b) => {
        const [va, vb] = [value(a), value(b)];
        if (va === null || vb === null) return va === vb ? sign * compare(a.interview.uuid, b.interview.uuid) : va === null ? 1 : -1;
        return sign * (compare(va, vb) || compare(a.interview.uuid, b.interview.uuid));
      })
      .map(({ interview }) => interview.uuid);
  }

  async function page(orderBy: InterviewOrder, rangeFrom: number, rangeTo: number, filter: { types?: InterviewType[]; statuses?: InterviewStatus[] } = {}) {
    return itemsOf(
      await listInterviews({ store: t.store, pages: t.pages }, caller, {
        types: filter.types ?? [],
        statuses: filter.statuses ?? [],
        orderBy,
        rangeFrom,
        rangeTo,
      }),
    );
  }

  it('sorts by due time, then uuid, and pages through without gap or repeat', async () => {
    const ties = [first.uuid, seeded[7].interview.uuid, seeded[5].interview.uuid].sort();
    const all = await page('scheduled_asc', 0, 99);
    expect(all.total).toBe(8);
    expect(all.interviews.map((i) => i.uuid).slice(-4, -1)).toEqual(ties);
    const pages = [await page('scheduled_asc', 0, 2), await page('scheduled_asc', 3, 5), await page('scheduled_asc', 6, 8)];
    expect(pages.flatMap((p) => p.interviews.map((i) => i.uuid))).toEqual(all.interviews.map((i) => i.uuid));
    expect(pages.map((p) => p.total)).toEqual([8, 8, 8]);
  });

  it('puts interviews not completed yet after the completed ones, whichever the direction', async () => {
    expect((await page('completed_asc', 0, 1)).interviews.map((i) => i.uuid)).toEqual([completedEarly.uuid, completedLate.uuid]);
    expect((await page('completed_desc', 0, 1)).interviews.map((i) => i.uuid)).toEqual([completedLate.uuid, completedEarly.uuid]);
  });

  it('sorts names without regard to case', async () => {
    const names = (await page('candidate_asc', 0, 99)).interviews.map((i) => i.assigned_to?.name.toLowerCase());
    expect(names).toEqual(['alice', 'ann', 'bob', 'bob', 'carol', 'dave', 'eve', 'zed']);
    expect((await page('job_desc', 0, 0)).interviews.map((i) => i.job_post?.title)).toEqual(['Zookeeper']);
  });

  it('gives every order, filter and page what the documented sort gives, with the filter’s total', async () => {
    const filters: Array<{ types?: InterviewType[]; statuses?: InterviewStatus[] }> = [
      {},
      { statuses: ['requested'] },
      { statuses: ['completed', 'canceled'] },
      { types: ['live'] },
      { types: ['one_way'], statuses: ['requested', 'accepted', 'expired'] },
      { types: ['live'], statuses: ['accepted'] },
    ];
    for (const order of INTERVIEW_ORDERS) {
      for (const filter of filters) {
        const rows = seeded.filter(
          ({ interview }) => (!filter.types || filter.types.includes(interview.type)) && (!filter.statuses || filter.statuses.includes(interview.status)),
        );
        const expected = expectedOrder(order, rows);
        for (const [from, to] of [
          [0, 99],
          [1, 2],
          [3, 3],
        ]) {
          const result = await page(order, from, to, filter);
          expect({ order, filter, from, total: result.total, uuids: result.interviews.map((i) => i.uuid) }).toEqual({
            order,
            filter,
            from,
            total: rows.length,
            uuids: expected.slice(from, to + 1),
          });
        }
      }
    }
  });

  it('never lists a deleted interview or another company’s, and counts neither', async () => {
    const all = await page('scheduled_asc', 0, 99);
    expect(all.interviews.map((i) => i.uuid)).not.toContain(deleted.uuid);
    expect(all.interviews.map((i) => i.uuid)).not.toContain(otherCompany.uuid);
    const other = itemsOf(
      await listInterviews({ store: t.store, pages: t.pages }, aCaller(aUserOfCompany(otherCompany.companyUuid)), {
        types: [],
        statuses: [],
        orderBy: 'scheduled_asc',
        rangeFrom: 0,
        rangeTo: 9,
      }),
    );
    expect(other).toMatchObject({ total: 1, interviews: [{ uuid: otherCompany.uuid }] });
  });

  it('renders list items without their questions but with job, job seeker and company', async () => {
    const [item] = (await page('scheduled_desc', 0, 0)).interviews;
    expect(item).toMatchObject({ job_post: { title: 'analyst' }, assigned_to: { name: 'Zed' }, company: { name: 'Acme' } });
    expect(item).not.toHaveProperty('questions');
  });
});
