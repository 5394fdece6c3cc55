import { webmFile } from '@vi/platform-testing';
import { ApiClient } from '../support/api-client';
import { keptTakeNumbers } from '../support/database-dump';
import { expectError } from '../support/expectations';
import { startTestSystem, type TestSystem } from '../support/test-system';

/** An accepted interview whose questions allow unlimited takes (the default, -1). */
async function acceptedInterviewOf(t: TestSystem, api: ApiClient, jobUuid: string, email: string) {
  const created = await api.post('/interviews', {
    type: 'one_way',
    scheduled_at: new Date(Date.now() + 3600_000).toISOString().replace(/\.\d{3}Z$/, '+00:00'),
    assigned_to: { name: 'Sto Rage', email },
    job_post: { uuid: jobUuid },
    questions: [
      { text: 'First', time_limit: 30 },
      { text: 'Second', time_limit: 30 },
    ],
  });
  expect(created.status).toBe(201);
  const uuid = created.body.uuid as string;
  const auth = { authorization: `Bearer ${await t.candidateLinks.token(uuid)}` };
  expect((await new ApiClient(t.baseUrl, undefined).request('POST', `/candidate/interviews/${uuid}/accept`, { headers: auth })).status).toBe(200);
  const questions = (created.body.questions as Array<{ uuid: string }>).map((q) => q.uuid);
  const upload = (questionUuid: string, body: Buffer) =>
    fetch(`${t.baseUrl}/candidate/interviews/${uuid}/questions/${questionUuid}/takes`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'video/webm' },
      body,
    }).then(async (r) => ({ status: r.status, body: (await r.json()) as any }));
  // The company may list takes only once the interview is completed or expired (decision 042): what the service
  // keeps, read where it keeps it, is what that listing will show.
  const listed = (questionUuid: string) => keptTakeNumbers(t, questionUuid);
  return { uuid, questions, upload, listed };
}

/**
 * What a candidate can keep in storage (decision 037): a take no larger than its length allows at MAX_TAKE_BITRATE,
 * an interview's videos within MAX_INTERVIEW_MEDIA_BYTES, and a question's earlier takes removed once superseded
 * for SUPERSEDED_TAKE_GRACE. Small limits here, so that small videos reach them.
 */
describe('take storage: bounded by length, per interview, and superseded takes removed', () => {
  const BITRATE = 1_000_000; // 125,000 bytes a second
  // 1 MB for 2 s: within the 1 MiB the container may add plus 250 KB for 2 s at that bitrate.
  const video = webmFile({ seconds: 2, frameBytes: 50_000 });
  const QUOTA = 3 * video.length + 100;
  let t: TestSystem;
  let company: Awaited<ReturnType<TestSystem['createCompany']>>;
  let jobUuid: string;

  beforeAll(async () => {
    t = await startTestSystem({ MAX_TAKE_BITRATE: String(BITRATE), MAX_INTERVIEW_MEDIA_BYTES: String(QUOTA), SUPERSEDED_TAKE_GRACE: '1h' });
    company = await t.createCompany();
    jobUuid = (await company.api.post('/jobs', { title: 'Storage Keeper', locality: { work_mode: 'remote', work_place: '' } })).body.uuid;
  });
  afterAll(() => t.stop());

  const acceptedInterview = (email: string) => acceptedInterviewOf(t, company.api, jobUuid, email);

  it('refuses with 413 a take larger than its measured length allows at MAX_TAKE_BITRATE, and keeps nothing of it', async () => {
    const { uuid, questions, upload, listed } = await acceptedInterview('padded@example.com');
    // 1.6 MB for 2 s: beyond the container's 1 MiB and 250 KB for 2 s at 1 Mbit/s, within the interview's quota.
    const padded = webmFile({ seconds: 2, frameBytes: 20_000, fps: 10 * 4 });
    const refused = await upload(questions[0], padded);
    expectError(refused, 413, 'api.take_bitrate_too_high');
    expect(refused.body.reason).toMatch(new RegExp(`^The video has ${padded.length} bytes for 1\\.98 seconds: a take may have at most \\d+ bytes`));
    expect(await t.storedVideos(uuid)).toEqual([]);
    expect(await listed(questions[0])).toEqual([]);
    expect((await upload(questions[0], video)).status).toBe(201);
  });

  it('refuses with 413 the take that would take the interview past MAX_INTERVIEW_MEDIA_BYTES, keeping nothing of it, whichever question it answers', async () => {
    const { uuid, questions, upload, listed } = await acceptedInterview('quota@example.com');
    for (const question of [questions[0], questions[1], questions[0]]) expect((await upload(question, video)).status).toBe(201);
    const refused = await upload(questions[1], video);
    expectError(refused, 413, 'api.interview_media_quota_exceeded');
    expect(refused.body.reason).toBe(`The interview's videos would exceed ${QUOTA} bytes, the storage allowed for one interview`);
    expect(await t.storedVideos(uuid)).toHaveLength(3);
    expect(await listed(questions[1])).toEqual([1]);
  });

  it('lets one of two uploads sent at once through when only one fits', async () => {
    const { uuid, questions, upload } = await acceptedInterview('quota-race@example.com');
    for (const question of [questions[0], questions[1]]) expect((await upload(question, video)).status).toBe(201);
    const statuses = (await Promise.all([upload(questions[0], video), upload(questions[1], video)])).map((r) => r.status);
    expect(statuses.sort()).toEqual([201, 413]);
    expect(await t.storedVideos(uuid)).toHaveLength(3);
  });

  it("removes a question's earlier takes once superseded for SUPERSEDED_TAKE_GRACE, and lists what it keeps", async () => {
    const { uuid, questions, upload, listed } = await acceptedInterview('retakes@example.com');
    for (const question of [questions[0], questions[0], questions[1]]) expect((await upload(question, video)).status).toBe(201);
    expect(await listed(questions[0])).toEqual([1, 2]);
    expectError(await upload(questions[0], video), 413, 'api.interview_media_quota_exceeded');

    await t.system.interviews.retention.sweep(new Date(Date.now() + 3600_000 - 60_000));
    expect(await listed(questions[0])).toEqual([1, 2]);
    expect(await t.storedVideos(uuid)).toHaveLength(3);

    await t.system.interviews.retention.sweep(new Date(Date.now() + 3600_000 + 1_000));
    expect(await listed(questions[0])).toEqual([2]);
    expect(await listed(questions[1])).toEqual([1]);
    expect(await t.storedVideos(uuid)).toHaveLength(2);
    // What was freed counts no more: the interview may store again.
    expect((await upload(questions[0], video)).status).toBe(201);
    expect(await listed(questions[0])).toEqual([2, 3]);
  });
});

// Issue 38: all of a company's interviews together (an open interview's applicants are many interviews) within MAX_COMPANY_MEDIA_BYTES.
describe("take storage: a company's quota", () => {
  const video = webmFile({ seconds: 2, frameBytes: 50_000 });
  const COMPANY_QUOTA = 3 * video.length + 100;
  let t: TestSystem;

  beforeAll(async () => {
    t = await startTestSystem({ MAX_TAKE_BITRATE: '1000000', MAX_COMPANY_MEDIA_BYTES: String(COMPANY_QUOTA) });
  });
  afterAll(() => t.stop());

  it("counts every interview of the company: of two uploads at once to two interviews, only the one that fits is kept; another company's are apart", async () => {
    const company = await t.createCompany();
    const jobUuid = (await company.api.post('/jobs', { title: 'Open Roles', locality: { work_mode: 'remote', work_place: '' } })).body.uuid;
    const [one, two] = [
      await acceptedInterviewOf(t, company.api, jobUuid, 'first@example.com'),
      await acceptedInterviewOf(t, company.api, jobUuid, 'second@example.com'),
    ];
    for (const question of one.questions) expect((await one.upload(question, video)).status).toBe(201);
    const answers = await Promise.all([one.upload(one.questions[0], video), two.upload(two.questions[0], video)]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 413]);
    const refused = answers.find((a) => a.status === 413)!;
    expectError(refused, 413, 'api.company_media_quota_exceeded');
    expect(refused.body.reason).toBe(`The company's videos would exceed ${COMPANY_QUOTA} bytes, the storage allowed for one company`);
    expect([...(await t.storedVideos(one.uuid)), ...(await t.storedVideos(two.uuid))]).toHaveLength(3);
    expectError(await two.upload(two.questions[1], video), 413, 'api.company_media_quota_exceeded');

    const other = await t.createCompany();
    const otherJob = (await other.api.post('/jobs', { title: 'Elsewhere', locality: { work_mode: 'remote', work_place: '' } })).body.uuid;
    const elsewhere = await acceptedInterviewOf(t, other.api, otherJob, 'third@example.com');
    expect((await elsewhere.upload(elsewhere.questions[0], video)).status).toBe(201);
  });
});
