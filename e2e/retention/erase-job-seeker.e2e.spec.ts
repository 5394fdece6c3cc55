import { waitFor, webmFile } from '@vi/platform-testing';
import { eraseJobSeeker } from '../../tools/admin-cli/src/erase-job-seeker';
import { ApiClient } from '../support/api-client';
import { databaseDump as dumpAll } from '../support/database-dump';
import { startTestSystem, type TestSystem } from '../support/test-system';
import { companyWithJob, createInterview, interviewBody } from '../interviews/interview-helpers';
import { bodyOf, createWebhook, WebhookReceiver } from '../notifications/notification-helpers';

/** Decision 019: an operator erases a job seeker on request (`npm run admin -- erase-job-seeker --email …`). */
describe('erasing a job seeker', () => {
  let t: TestSystem;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    receiver = await new WebhookReceiver().start();
    t = await startTestSystem();
  });
  afterAll(async () => {
    await t.stop();
    await receiver.close();
  });

  const databaseDump = async () => (await dumpAll(t)).join('\n');

  it('removes their videos, answers and personal fields, deletes their interviews (InterviewDeleted tells integrators), and leaves their name, email and phone nowhere once the outbox is pruned', async () => {
    const company = await companyWithJob(t, 'growth', { title: 'Erasable Role' });
    await createWebhook(company.api, { url: receiver.url() });
    const person = { name: 'Zelda Zapped', email: `zelda.${Date.now()}@seekers.example`, phone: '(415) 555-0142', phone_parsed: '+14155550142' };
    const answered = await createInterview(company.api, interviewBody(company.job.uuid, { assigned_to: person, has_sms_consent: true }));
    const open = await createInterview(company.api, interviewBody(company.job.uuid, { assigned_to: person, has_sms_consent: true }));

    // They answer one interview with a video and complete it; the company shares it with a reviewer.
    const token = await t.candidateLinks.token(answered.uuid);
    const candidate = new ApiClient(t.baseUrl, undefined);
    const as = (method: string, path: string) => candidate.request(method, path, { headers: { authorization: `Bearer ${token}` } });
    expect((await as('POST', `/candidate/interviews/${answered.uuid}/accept`)).status).toBe(200);
    const upload = await fetch(`${t.baseUrl}/candidate/interviews/${answered.uuid}/questions/${answered.questions[0].uuid}/takes`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'video/webm' },
      body: webmFile({ seconds: 4 }),
    });
    expect(upload.status).toBe(201);
    for (const question of answered.questions.slice(1))
      expect((await as('POST', `/candidate/interviews/${answered.uuid}/questions/${question.uuid}/skip`)).status).toBe(200);
    expect((await as('POST', `/candidate/interviews/${answered.uuid}/complete`)).status).toBe(200);
    expect(
      (
        await company.api.post('/share_links', {
          status: 'active',
          reviewers: [{ name: 'Rex', email: 'rex@reviews.example' }],
          interviews: [{ uuid: answered.uuid }],
        })
      ).status,
    ).toBe(201);
    await receiver.next('InterviewCompleted', answered.uuid);
    expect(await t.storedVideos(answered.uuid)).toHaveLength(1);
    await waitFor(async () => (await databaseDump()).includes(person.name), 5_000);

    const erased = await eraseJobSeeker(
      {
        identity: `127.0.0.1:${t.system.identity.grpcPort}`,
        interviews: `127.0.0.1:${t.system.interviews.grpcPort}`,
        notifications: `127.0.0.1:${t.system.notifications.grpcPort}`,
      },
      t.env.INTERNAL_JWT_SECRET!,
      person.email.toUpperCase(),
    );
    expect(erased.interviewUuids.sort()).toEqual([answered.uuid, open.uuid].sort());

    // Videos and answers are gone at once; the interviews are deleted; their link opens nothing.
    expect(await t.storedVideos(answered.uuid)).toEqual([]);
    for (const uuid of [answered.uuid, open.uuid]) expect((await company.api.get(`/interviews/${uuid}`)).status).toBe(404);
    expect((await as('GET', `/candidate/interviews/${answered.uuid}`)).status).toBe(401);

    // Integrators are told with the contract's InterviewDeleted, which shows the erased name.
    for (const uuid of [answered.uuid, open.uuid]) {
      const deleted = bodyOf(await receiver.next('InterviewDeleted', uuid));
      expect(deleted.assigned_to).toMatchObject({ uuid: erased.userUuid, name: 'Erased job seeker', email: `erased-${erased.userUuid}@erased.invalid` });
    }

    // Once the outbox's day has passed, nothing in any table names them.
    for (const service of [t.system.identity, t.system.jobs, t.system.interviews, t.system.sharing, t.system.notifications]) {
      await service.retention.sweep(new Date(Date.now() + 25 * 3600_000));
    }
    const dump = await databaseDump();
    const left = [person.name, person.email, person.phone_parsed, person.phone].filter((value) => dump.toLowerCase().includes(value.toLowerCase()));
    expect(
      left.map((value) =>
        dump
          .split('\n')
          .find((line) => line.toLowerCase().includes(value.toLowerCase()))!
          .slice(0, 160),
      ),
    ).toEqual([]);

    // Again for the same email: nothing left to erase.
    await expect(
      eraseJobSeeker(
        {
          identity: `127.0.0.1:${t.system.identity.grpcPort}`,
          interviews: `127.0.0.1:${t.system.interviews.grpcPort}`,
          notifications: `127.0.0.1:${t.system.notifications.grpcPort}`,
        },
        t.env.INTERNAL_JWT_SECRET!,
        person.email,
      ),
    ).rejects.toMatchObject({ code: 'api.user_not_found' });
  });
});
