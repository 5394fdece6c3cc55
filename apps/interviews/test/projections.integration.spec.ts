import { randomUUID } from 'node:crypto';
import { EvaluationsSubjects, IdentitySubjects, JobsSubjects, SharingSubjects, type DecisionEventPayload, type EvaluationEventPayload } from '@vi/contracts';
import { applyEvaluationEvent } from '../src/application/apply-evaluations/apply-evaluations';
import { applyProjectionEvent } from '../src/application/apply-projections/apply-projections';
import { applyShareLinkEvent } from '../src/application/apply-share-links/apply-share-links';
import { getInterview } from '../src/application/get-interview/get-interview';
import { listInterviews } from '../src/application/list-interviews/list-interviews';
import { insertInterview, openInterviewsTestDatabase, type InterviewsTestDatabase } from './database';
import {
  AT,
  aBasicShareLink,
  aBusMessage,
  aCaller,
  aJobEvent,
  aJobRow,
  anInterview,
  aPerson,
  aShareLinkEvent,
  aUserEvent,
  aUserOfCompany,
  itemsOf,
} from './factories';

/** What interviews keep of other services' events, as the interviews then show and sort it. */
describe('projections of other services’ events on a real database', () => {
  let t: InterviewsTestDatabase;
  const companyUuid = randomUUID();
  const caller = aCaller(aUserOfCompany(companyUuid));
  const later = (seconds: number) => new Date(AT.getTime() + seconds * 1000).toISOString();
  const alpha = anInterview({ companyUuid });
  const beta = anInterview({ companyUuid });

  beforeAll(async () => {
    t = await openInterviewsTestDatabase();
    await t.store.transaction(async (tx) => {
      await insertInterview(tx, alpha, { candidate: 'Alpha', job: 'Alpha job' });
      await insertInterview(tx, beta, { candidate: 'Beta', job: 'Beta job' });
    });
  });
  afterAll(() => t.close());

  const order = async (orderBy: 'candidate_asc' | 'job_asc') =>
    itemsOf(await listInterviews({ store: t.store, pages: t.pages }, caller, { types: [], statuses: [], orderBy, rangeFrom: 0, rangeTo: 9 })).interviews.map(
      (i) => i.uuid,
    );

  it('shows and sorts a renamed job under its new title, an older event arriving late changing nothing; a job seeker keeps the name the company gave', async () => {
    const seeker = aPerson({ uuid: alpha.candidateUuid, name: 'Zoe' });
    const job = aJobRow({ uuid: alpha.jobUuid, company_uuid: companyUuid });
    await applyProjectionEvent({ store: t.store }, aBusMessage(IdentitySubjects.UserUpdated, aUserEvent(seeker, { occurred_at: later(20) })));
    await applyProjectionEvent({ store: t.store }, aBusMessage(JobsSubjects.JobUpdated, aJobEvent(job, { title: 'Zebra keeper', updated_at: later(20) })));

    await applyProjectionEvent(
      { store: t.store },
      aBusMessage(IdentitySubjects.UserUpdated, aUserEvent({ ...seeker, name: 'Aaron' }, { occurred_at: later(10) })),
    );
    await applyProjectionEvent({ store: t.store }, aBusMessage(JobsSubjects.JobUpdated, aJobEvent(job, { title: 'Aardvark keeper', updated_at: later(10) })));

    // The job seeker record is shared by the companies that invited the email: its name is not this company's (decision 036).
    expect(await getInterview({ store: t.store }, caller, alpha.uuid)).toMatchObject({ assigned_to: { name: 'Alpha' }, job_post: { title: 'Zebra keeper' } });
    expect(await order('candidate_asc')).toEqual([alpha.uuid, beta.uuid]);
    expect(await order('job_asc')).toEqual([beta.uuid, alpha.uuid]);
  });

  it('applies a redelivered event once, even after a newer one', async () => {
    const job = aJobRow({ uuid: beta.jobUuid, company_uuid: companyUuid });
    const first = aBusMessage(JobsSubjects.JobUpdated, aJobEvent(job, { title: 'First', status: 'inactive', updated_at: later(30) }));
    await applyProjectionEvent({ store: t.store }, first);
    await applyProjectionEvent(
      { store: t.store },
      aBusMessage(JobsSubjects.JobDeleted, aJobEvent(job, { title: 'Second', status: 'inactive', updated_at: later(30) })),
    );
    await applyProjectionEvent({ store: t.store }, first);

    expect((await getInterview({ store: t.store }, caller, beta.uuid)).job_post).toMatchObject({ title: 'Second', status: 'inactive' });
    const handled = await t.database.db.selectFrom('processed_events').select('event_id').where('event_id', '=', first.id).execute();
    expect(handled).toHaveLength(1);
  });

  it('keeps nothing of a job no interview shows', async () => {
    const stranger = aJobRow();
    await applyProjectionEvent({ store: t.store }, aBusMessage(JobsSubjects.JobUpdated, aJobEvent(stranger)));
    expect(await t.store.read.projections.jobs([stranger.uuid])).toEqual(new Map());
  });

  it('shows the share link sharing last changed, whatever order its events arrive in, and none once deleted', async () => {
    const link = aBasicShareLink();
    const event = (subject: string, version: number, status: 'active' | 'inactive' = 'active') =>
      aBusMessage(subject, aShareLinkEvent(alpha.uuid, { ...link, status }, { version }));

    await applyShareLinkEvent({ store: t.store }, event(SharingSubjects.ShareLinkUpdated, 2, 'inactive'));
    await applyShareLinkEvent({ store: t.store }, event(SharingSubjects.ShareLinkCreated, 1));
    expect((await getInterview({ store: t.store }, caller, alpha.uuid)).share_link).toEqual({ ...link, status: 'inactive', url: '', updated_by: undefined });

    await applyShareLinkEvent({ store: t.store }, event(SharingSubjects.ShareLinkDeleted, 3));
    await applyShareLinkEvent({ store: t.store }, event(SharingSubjects.ShareLinkUpdated, 2));
    expect((await getInterview({ store: t.store }, caller, alpha.uuid)).share_link).toBeUndefined();
  });

  it("shows the team's decision and counts in one read and on the next page, a page kept from before included (decisions 050, 070)", async () => {
    const list = () =>
      listInterviews({ store: t.store, pages: t.pages }, caller, { types: [], statuses: [], orderBy: 'scheduled_asc', rangeFrom: 0, rangeTo: 9 });
    const item = async () => itemsOf(await list()).interviews.find((i) => i.uuid === beta.uuid)!;
    expect(await item()).toMatchObject({ decision: null, evaluations_submitted: 0, evaluations_started: 0 });
    await list(); // kept: the next read is served from memory unless the version moved

    const base = { interview_uuid: beta.uuid, company_uuid: companyUuid };
    const started = aBusMessage<Partial<EvaluationEventPayload>>(EvaluationsSubjects.EvaluationStarted, {
      ...base,
      counts: { evaluations_submitted: 0, evaluations_started: 2 },
    });
    await applyEvaluationEvent({ store: t.store }, started);
    expect(await item()).toMatchObject({ decision: null, evaluations_submitted: 0, evaluations_started: 2 });

    const decision = {
      decision: 'reject' as const,
      decided_by: { uuid: caller.principal.userUuid, name: 'Una' },
      decided_at: later(40).replace('Z', '+00:00'),
    };
    const decided = aBusMessage<DecisionEventPayload>(EvaluationsSubjects.DecisionMade, {
      ...base,
      counts: { evaluations_submitted: 1, evaluations_started: 2 },
      decision,
      notify_candidate: null,
    });
    await applyEvaluationEvent({ store: t.store }, decided);
    await applyEvaluationEvent({ store: t.store }, decided);
    await applyEvaluationEvent({ store: t.store }, started);

    expect(await item()).toMatchObject({ decision, evaluations_submitted: 1, evaluations_started: 2 });
    expect(await getInterview({ store: t.store }, caller, beta.uuid)).toMatchObject({ decision, evaluations_submitted: 1, evaluations_started: 2 });
  });
});
