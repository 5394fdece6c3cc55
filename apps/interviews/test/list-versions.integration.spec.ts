import { randomUUID } from 'node:crypto';
import { IdentitySubjects, JobsSubjects, SharingSubjects } from '@vi/contracts';
import { FakeClock } from '@vi/platform-time';
import { applyProjectionEvent } from '../src/application/apply-projections/apply-projections';
import { applyShareLinkEvent } from '../src/application/apply-share-links/apply-share-links';
import { deleteInterview } from '../src/application/delete-interview/delete-interview';
import { expireOverdueInterviews } from '../src/application/expire-overdue-interviews/expire-overdue-interviews';
import { listInterviews } from '../src/application/list-interviews/list-interviews';
import { updateInterview } from '../src/application/update-interview/update-interview';
import { insertInterview, openInterviewsTestDatabase, type InterviewsTestDatabase } from './database';
import {
  AT,
  aBasicShareLink,
  aBusMessage,
  aCaller,
  aCompany,
  aJobEvent,
  aJobRow,
  anInterview,
  aPerson,
  aShareLinkEvent,
  aUserEvent,
  aUserOfCompany,
  IdentityTable,
  itemsOf,
} from './factories';

/**
 * Decision 050: a page of the list is served again as it was rendered while its company's list version has not
 * moved, and every kind of write to what an item shows moves it (the triggers of migration 0012), through the use
 * cases and event handlers that make those writes. Each case lists twice (the second answer from memory, without
 * the page's statement), makes one change, and checks that the next list shows it.
 */
describe('pages of the list served again until what they show changes, on a real database', () => {
  let t: InterviewsTestDatabase;
  const companyUuid = randomUUID();
  const otherCompanyUuid = randomUUID();
  const caller = aCaller(aUserOfCompany(companyUuid));
  const otherCaller = aCaller(aUserOfCompany(otherCompanyUuid));
  const minutes = (n: number) => new Date(AT.getTime() + n * 60_000);
  const clock = new FakeClock(minutes(1));
  const job = aJobRow({ company_uuid: companyUuid, title: 'Welder' });
  const creator = aPerson({ name: 'Rita Recruiter' });
  const shared = aPerson({ name: 'Sam Shared' });
  const due = anInterview({ companyUuid, jobUuid: job.uuid, createdBy: creator.uuid, scheduledAt: minutes(60) });
  const kept = anInterview({ companyUuid, jobUuid: job.uuid, createdBy: creator.uuid, candidateUuid: shared.uuid, scheduledAt: minutes(600) });
  const gone = anInterview({ companyUuid, jobUuid: job.uuid, createdBy: creator.uuid, scheduledAt: minutes(700) });
  // The same job seeker invited by another company: a change to them concerns both lists.
  const elsewhere = anInterview({ companyUuid: otherCompanyUuid, candidateUuid: shared.uuid, scheduledAt: minutes(600) });

  let pageReads: jest.SpyInstance;
  const list = async (who = caller) =>
    itemsOf(await listInterviews({ store: t.store, pages: t.pages }, who, { types: [], statuses: [], orderBy: 'scheduled_asc', rangeFrom: 0, rangeTo: 49 }));
  const item = async (uuid: string, who = caller) => (await list(who)).interviews.find((i) => i.uuid === uuid);

  /** Lists twice (the second from memory), makes the change, and answers the next list, read again from the database. */
  async function listedAfter(change: () => Promise<unknown>, who = caller) {
    await list(who);
    pageReads.mockClear();
    await list(who);
    expect(pageReads).not.toHaveBeenCalled();
    await change();
    const after = await list(who);
    expect(pageReads).toHaveBeenCalledTimes(1);
    return after;
  }

  beforeAll(async () => {
    t = await openInterviewsTestDatabase();
    await t.store.transaction(async (tx) => {
      for (const interview of [due, kept, gone, elsewhere]) {
        await insertInterview(tx, interview);
        if (interview.companyUuid === companyUuid) await tx.projections.upsertJob(job);
      }
      await tx.projections.upsertPerson(creator, AT);
      await tx.projections.upsertPerson(shared, AT);
    });
    pageReads = jest.spyOn(t.store.read.interviews, 'page');
  });
  afterAll(() => t.close());

  it('answers a page again from memory, with the total the counters hold, while nothing it shows changed', async () => {
    const first = await list();
    pageReads.mockClear();
    expect(await list()).toEqual(first);
    expect(pageReads).not.toHaveBeenCalled();
    expect(first.total).toBe(3);
  });

  it('a status change by the expiry sweep', async () => {
    const after = await listedAfter(() => expireOverdueInterviews({ store: t.store, clock: new FakeClock(minutes(61)) }));
    expect(after.interviews.find((i) => i.uuid === due.uuid)?.status).toBe('expired');
  });

  it('a status change by the company (a cancellation)', async () => {
    const after = await listedAfter(() =>
      updateInterview({ store: t.store, identity: new IdentityTable(), clock }, caller, { interviewUuid: kept.uuid, status: 'canceled' }),
    );
    expect(after.interviews.find((i) => i.uuid === kept.uuid)).toMatchObject({ status: 'canceled', updated_at: '2026-03-02T09:01:00+00:00' });
  });

  it("a creator renamed in identity (the user's event)", async () => {
    const after = await listedAfter(() =>
      applyProjectionEvent(
        { store: t.store },
        aBusMessage(IdentitySubjects.UserUpdated, aUserEvent({ ...creator, name: 'Rita Renamed' }, { occurred_at: minutes(2).toISOString() })),
      ),
    );
    expect(after.interviews.map((i) => i.created_by?.name)).toEqual(['Rita Renamed', 'Rita Renamed', 'Rita Renamed']);
  });

  it('a job seeker changed in identity, in the lists of every company that invited them', async () => {
    await list(otherCaller);
    const after = await listedAfter(() =>
      applyProjectionEvent(
        { store: t.store },
        aBusMessage(IdentitySubjects.UserUpdated, aUserEvent({ ...shared, email: 'sam.new@people.example' }, { occurred_at: minutes(3).toISOString() })),
      ),
    );
    expect(after.interviews.find((i) => i.uuid === kept.uuid)?.assigned_to?.email).toBe('sam.new@people.example');
    pageReads.mockClear();
    expect((await item(elsewhere.uuid, otherCaller))?.assigned_to?.email).toBe('sam.new@people.example');
    expect(pageReads).toHaveBeenCalledTimes(1);
  });

  it("a job renamed in jobs (the job's event), and a job's status alone", async () => {
    const renamed = await listedAfter(() =>
      applyProjectionEvent(
        { store: t.store },
        aBusMessage(JobsSubjects.JobUpdated, aJobEvent(job, { title: 'Welder (night)', updated_at: minutes(4).toISOString() })),
      ),
    );
    expect(renamed.interviews.map((i) => i.job_post?.title)).toEqual(['Welder (night)', 'Welder (night)', 'Welder (night)']);
    const inactive = await listedAfter(() =>
      applyProjectionEvent(
        { store: t.store },
        aBusMessage(JobsSubjects.JobUpdated, aJobEvent(job, { title: 'Welder (night)', status: 'inactive', updated_at: minutes(5).toISOString() })),
      ),
    );
    expect(inactive.interviews.map((i) => i.job_post?.status)).toEqual(['inactive', 'inactive', 'inactive']);
  });

  it('a share link created, then deleted (sharing’s events)', async () => {
    const link = aBasicShareLink();
    const event = (subject: string, version: number) => aBusMessage(subject, aShareLinkEvent(gone.uuid, link, { version }));
    const linked = await listedAfter(() => applyShareLinkEvent({ store: t.store }, event(SharingSubjects.ShareLinkCreated, 1)));
    expect(linked.shareLinkUuids).toEqual([link.uuid]);
    const unlinked = await listedAfter(() => applyShareLinkEvent({ store: t.store }, event(SharingSubjects.ShareLinkDeleted, 2)));
    expect(unlinked.shareLinkUuids).toEqual([]);
  });

  it("the company's name", async () => {
    const after = await listedAfter(() => t.store.read.projections.upsertCompany(aCompany({ uuid: companyUuid, name: 'Acme Renamed' })));
    expect(after.interviews.map((i) => i.company?.name)).toEqual(['Acme Renamed', 'Acme Renamed', 'Acme Renamed']);
  });

  it('a creation, then a deletion, with their totals', async () => {
    const created = anInterview({ companyUuid, jobUuid: job.uuid, createdBy: creator.uuid, scheduledAt: minutes(800) });
    const more = await listedAfter(() => t.store.transaction((tx) => insertInterview(tx, created, { job: 'Welder (night)' })));
    expect({ total: more.total, last: more.interviews.at(-1)?.uuid }).toEqual({ total: 4, last: created.uuid });
    const fewer = await listedAfter(() => deleteInterview({ store: t.store, clock }, caller, gone.uuid));
    expect({ total: fewer.total, listed: fewer.interviews.map((i) => i.uuid) }).toEqual({ total: 3, listed: [due.uuid, kept.uuid, created.uuid] });
  });

  it("leaves a page in memory when what changed is another company's, or a person none of its interviews shows", async () => {
    await list();
    pageReads.mockClear();
    await t.store.transaction((tx) => insertInterview(tx, anInterview({ companyUuid: otherCompanyUuid })));
    await applyProjectionEvent(
      { store: t.store },
      aBusMessage(
        IdentitySubjects.UserUpdated,
        aUserEvent(aPerson({ uuid: elsewhere.createdBy, name: 'Their Recruiter' }), { occurred_at: minutes(6).toISOString() }),
      ),
    );
    await list();
    expect(pageReads).not.toHaveBeenCalled();
  });

  it('never lowers a version: a company’s version is the sum of its shards, each only ever moved up', async () => {
    const rows = await t.database.db.selectFrom('interview_list_versions').select(['shard', 'version']).where('company_uuid', '=', companyUuid).execute();
    expect(rows.length).toBeGreaterThan(0);
    const before = await t.store.read.counters.listState(companyUuid, [], []);
    expect(before.version).toBe(rows.reduce((sum, row) => sum + row.version, 0));
    await t.store.transaction((tx) => tx.projections.upsertCompany(aCompany({ uuid: companyUuid, name: 'Acme Again' })));
    expect((await t.store.read.counters.listState(companyUuid, [], [])).version).toBeGreaterThan(before.version);
  });
});
