import { randomUUID } from 'node:crypto';
import { InterviewsSubjects, SharedErrorCode } from '@vi/contracts';
import { FakeClock } from '@vi/platform-time';
import { memoryStore } from '@vi/platform-testing';
import { AT, aCaller, aCompanyUser, anInterview, aQuestionSet, aQuestionSetQuestion, IdentityTable, JobsTable, theCandidateOf } from '../../../test/factories';
import { creationRepos, MemoryQuestionSets } from '../../../test/fakes';
import { InterviewsErrorCode } from '../../domain/interviews.errors';
import { renderInterviews } from '../interview-rendering';
import { createInterviews, type CreateInterviewsInput } from './create-interviews';

describe('createInterviews', () => {
  const admin = aCompanyUser();
  const caller = aCaller(admin);
  const fixture = () => {
    const jobs = new JobsTable();
    const job = jobs.add();
    const set = aQuestionSet({ companyUuid: admin.companyUuid!, questions: [aQuestionSetQuestion({ text: 'From the set', thinkTime: '90' })] });
    const deps = {
      store: memoryStore({ questionSets: new MemoryQuestionSets([set]), ...creationRepos() }),
      clock: new FakeClock(AT),
      identity: new IdentityTable(),
      jobs,
    };
    const input: CreateInterviewsInput = {
      type: 'one_way',
      scheduledAt: new Date(AT.getTime() + 7 * 24 * 3600_000),
      assignees: [{ name: 'Jane Seeker', email: 'jane@seekers.example' }],
      emailMessage: 'Please record your answers.',
      jobUuid: job.uuid,
      questions: [{ text: 'Tell us about yourself.', timeLimit: 60, takes: -1 }],
      timezone: 'Europe/Paris',
      language: 'es',
      hasSmsConsent: false,
    };
    return { deps, input, job, set };
  };

  it('creates one requested interview per assignee, each with its job seeker, its questions and an InterviewCreated carrying the invitation', async () => {
    const { deps, input, job } = fixture();

    const { interviews: sut } = await createInterviews(deps, caller, {
      ...input,
      assignees: [input.assignees[0], { name: 'Joe', email: 'joe@seekers.example' }],
    });

    expect(sut).toHaveLength(2);
    expect(sut.map((i) => i.assigned_to?.email)).toEqual(['jane@seekers.example', 'joe@seekers.example']);
    for (const interview of sut) {
      expect(interview).toMatchObject({
        status: 'requested',
        type: 'one_way',
        language: 'es',
        created_at: '2026-03-02T09:00:00+00:00',
        scheduled_at: '2026-03-09T09:00:00+00:00',
        job_post: { uuid: job.uuid, title: job.title, status: 'active' },
        company: { uuid: admin.companyUuid },
        created_by: { uuid: admin.userUuid },
        questions: [{ text: 'Tell us about yourself.', time_limit: 60, think_time: '30', takes: { completed: 0, remaining: -1, limit: -1 } }],
      });
    }
    expect(sut[0].questions[0].uuid).not.toBe(sut[1].questions[0].uuid);
    expect(deps.store.subjects()).toEqual([InterviewsSubjects.InterviewCreated, InterviewsSubjects.InterviewCreated]);
    expect(deps.store.published[0].payload).toMatchObject({
      interview: { uuid: sut[0].uuid, language: 'es' },
      invitation: {
        email_message: 'Please record your answers.',
        timezone: 'Europe/Paris',
        scheduled_at_local: expect.stringMatching(/^Monday, March 9, 2026 at 10:00:00\sAM GMT\+1$/),
        phone: null,
        answers_transcribed: false,
      },
    });
    expect(await deps.store.read.counters.total(admin.companyUuid!, ['one_way'], ['requested'])).toBe(2);
  });

  it("says in the invitation whether the company's answers are transcribed now (decision 073)", async () => {
    const { deps, input } = fixture();
    await deps.store.read.transcriptionSettings.apply(admin.companyUuid!, true, AT);
    await createInterviews(deps, caller, input);
    expect(deps.store.published[0].payload).toMatchObject({ invitation: { answers_transcribed: true } });
  });

  it('keeps where the interviews came from (decision 071): the source asked, else the API; stored, shown and in the event', async () => {
    const { deps, input } = fixture();

    const [ordered] = (await createInterviews(deps, caller, { ...input, source: { type: 'greenhouse', externalId: 'gh-42' } })).interviews;
    const [plain] = (await createInterviews(deps, caller, input)).interviews;

    expect(ordered.source).toEqual({ type: 'greenhouse', external_id: 'gh-42' });
    expect(plain.source).toEqual({ type: 'api', external_id: undefined });
    expect((await deps.store.read.interviews.find(admin.companyUuid!, ordered.uuid))?.source).toEqual({ type: 'greenhouse', externalId: 'gh-42' });
    expect(deps.store.published[0].payload).toMatchObject({ interview: { source: { type: 'greenhouse', external_id: 'gh-42' } } });
  });

  it('creates under the uuid a service chose, once: asked again (its answer lost to a deadline) it answers that interview, and writes and sends nothing', async () => {
    const { deps, input } = fixture();
    const interviewUuid = randomUUID();

    const [first] = (await createInterviews(deps, caller, { ...input, interviewUuid })).interviews;
    const [again] = (await createInterviews(deps, caller, { ...input, interviewUuid })).interviews;

    expect(first.uuid).toBe(interviewUuid);
    expect(again).toEqual(first);
    expect(deps.store.subjects()).toEqual([InterviewsSubjects.InterviewCreated]);
    expect(deps.identity.ensureCalls).toEqual([1]);
    expect(await deps.store.read.counters.total(admin.companyUuid!, [], [])).toBe(1);
    const two = [input.assignees[0], { name: 'Joe', email: 'joe@seekers.example' }];
    await expect(createInterviews(deps, caller, { ...input, assignees: two, interviewUuid: randomUUID() })).rejects.toMatchObject({
      fieldErrors: [expect.objectContaining({ field: 'interview_uuid' })],
    });
  });

  it('does not make again an interview made under the uuid and deleted since: 404, nothing sent', async () => {
    const { deps, input } = fixture();
    const interviewUuid = randomUUID();
    await createInterviews(deps, caller, { ...input, interviewUuid });
    await deps.store.read.interviews.markDeleted(interviewUuid, AT);

    await expect(createInterviews(deps, caller, { ...input, interviewUuid })).rejects.toMatchObject({ code: SharedErrorCode.InterviewNotFound });
    expect(deps.store.subjects()).toEqual([InterviewsSubjects.InterviewCreated]);
  });

  it('answers, for one uuid asked twice at once, the interview whichever was first wrote: the primary key lets one creation in, whole', async () => {
    const { deps, input } = fixture();
    const interviewUuid = randomUUID();
    const ensure = deps.identity.ensureJobSeekers.bind(deps.identity);
    let other: ReturnType<typeof createInterviews> | undefined;
    // The other request, past the same check, writes while this one asks identity.
    deps.identity.ensureJobSeekers = async (...args) => {
      const answer = await ensure(...args);
      if (!other) await (other = createInterviews(deps, caller, { ...input, interviewUuid }));
      return answer;
    };

    const [sut] = (await createInterviews(deps, caller, { ...input, interviewUuid })).interviews;

    expect(sut).toEqual((await other!).interviews[0]);
    expect(deps.store.subjects()).toEqual([InterviewsSubjects.InterviewCreated]);
    expect(await deps.store.read.counters.total(admin.companyUuid!, [], [])).toBe(1);
  });

  it('invites in bulk with one call to identity, and answers exactly what reading the stored interviews renders', async () => {
    const { deps, input } = fixture();
    const assignees = Array.from({ length: 100 }, (_, i) => ({ name: `Seeker ${i}`, email: `seeker${i}@seekers.example` }));
    assignees.push({ name: 'Again', email: 'SEEKER0@seekers.example' });

    const { interviews: sut } = await createInterviews(deps, caller, {
      ...input,
      assignees,
      questions: [input.questions[0], { text: 'Why us?', timeLimit: 90, takes: 1 }],
    });

    expect(deps.identity.ensureCalls).toEqual([101]);
    expect(sut).toHaveLength(101);
    // The same email in another case is the same job seeker, under the name given each time (decision 036).
    expect(sut[100].assigned_to).toMatchObject({ uuid: sut[0].assigned_to?.uuid, name: 'Again' });
    const stored = await deps.store.read.interviews.findMany(
      admin.companyUuid!,
      sut.map((i) => i.uuid),
    );
    const byUuid = new Map(stored.map((i) => [i.uuid, i]));
    expect(
      await renderInterviews(
        deps.store.read,
        sut.map((i) => byUuid.get(i.uuid)!),
        { questions: true },
      ),
    ).toEqual(sut);
    expect(deps.store.published.map((e) => (e.payload as { interview: { uuid: string } }).interview.uuid)).toEqual(sut.map((i) => i.uuid));
    expect(await deps.store.read.counters.total(admin.companyUuid!, ['one_way'], ['requested'])).toBe(101);
  });

  it('copies a question set’s questions (the set’s later edits change nothing here)', async () => {
    const { deps, input, set } = fixture();

    const {
      interviews: [sut],
    } = await createInterviews(deps, caller, { ...input, questions: [], questionSetUuid: set.uuid });
    await deps.store.read.questionSets.replaceQuestions(set.uuid, set.questions, []);

    expect(sut.questions.map((q) => ({ text: q.text, think_time: q.think_time, limit: q.takes?.limit }))).toEqual([
      { text: 'From the set', think_time: '90', limit: 2 },
    ]);
    expect((await deps.store.read.questions.listFor([sut.uuid])).get(sut.uuid)).toHaveLength(1);
  });

  it('refuses a due time that has passed or is more than a year ahead, by the clock', async () => {
    const { deps, input } = fixture();
    for (const scheduledAt of [AT, new Date(AT.getTime() + 367 * 24 * 3600_000)]) {
      await expect(createInterviews(deps, caller, { ...input, scheduledAt })).rejects.toMatchObject({
        code: 'api.validation_failed',
        fieldErrors: [expect.objectContaining({ field: 'scheduled_at' })],
      });
    }
    deps.clock.set(new Date(AT.getTime() - 60_000));
    await expect(createInterviews(deps, caller, { ...input, scheduledAt: AT })).resolves.toMatchObject({ interviews: [{ status: 'requested' }] });
  });

  it('refuses what the rules forbid, creating nothing', async () => {
    const { deps, input } = fixture();
    const inactive = deps.jobs.add({ status: 'inactive' });
    const refusals: Array<[Partial<CreateInterviewsInput>, object]> = [
      [{ questions: [] }, { fieldErrors: [expect.objectContaining({ field: 'questions' })] }],
      [
        { questions: [{ text: 'x', timeLimit: 60, takes: 1, thinkTime: '7' }] },
        { fieldErrors: [expect.objectContaining({ field: 'questions.0.think_time' })] },
      ],
      [
        { assignees: [{ name: 'P', email: 'p@seekers.example', phoneParsed: '+33612345678' }] },
        { fieldErrors: [expect.objectContaining({ field: 'has_sms_consent' })] },
      ],
      [{ jobUuid: inactive.uuid }, { fieldErrors: [expect.objectContaining({ field: 'job_post.uuid' })] }],
      [{ questionSetUuid: aQuestionSet().uuid }, { fieldErrors: [expect.objectContaining({ field: 'interview_question_set' })] }],
      [
        { assignees: [{ name: 'P', email: 'p@seekers.example', phoneParsed: '+33612345678' }], hasSmsConsent: true },
        { code: InterviewsErrorCode.SmsFeatureRequired },
      ],
    ];
    for (const [change, error] of refusals) await expect(createInterviews(deps, caller, { ...input, ...change })).rejects.toMatchObject(error);
    expect(deps.store.published).toEqual([]);
    expect(await deps.store.read.counters.total(admin.companyUuid!, [], [])).toBe(0);
  });

  it('sends SMS invitations when the plan has the feature and the assignee consented', async () => {
    const { deps, input } = fixture();
    deps.identity.features.set(admin.companyUuid!, { interview_sms_notifications: true });

    await createInterviews(deps, caller, {
      ...input,
      assignees: [{ name: 'P', email: 'p@seekers.example', phone: '06 12 34 56 78', phoneParsed: '+33612345678' }],
      hasSmsConsent: true,
    });

    expect(deps.store.published[0].payload).toMatchObject({ invitation: { phone: '06 12 34 56 78', phone_parsed: '+33612345678', has_sms_consent: true } });
  });

  it('lets live interviews go without questions, and refuses job seekers (403)', async () => {
    const { deps, input } = fixture();
    await expect(createInterviews(deps, caller, { ...input, type: 'live', questions: [] })).resolves.toEqual({
      interviews: [expect.objectContaining({ type: 'live', questions: [] })],
    });
    await expect(createInterviews(deps, aCaller(theCandidateOf(anInterview())), input)).rejects.toMatchObject({ code: SharedErrorCode.CompanyUserRequired });
  });
});
