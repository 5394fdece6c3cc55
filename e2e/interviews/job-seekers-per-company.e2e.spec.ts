import { SmtpInbox } from '../notifications/notification-helpers';
import { ApiClient } from '../support/api-client';
import { startTestSystem, type TestSystem } from '../support/test-system';

/**
 * One person invited by two companies (decision 036): what each company wrote about them (name, phone) is that
 * company's alone, and its invitation uses the name it gave.
 */
describe('job seekers per company: two companies invite the same email', () => {
  let t: TestSystem;
  let inbox: SmtpInbox;
  const email = `shared-${Math.random().toString(36).slice(2)}@example.com`;

  beforeAll(async () => {
    inbox = await new SmtpInbox().start();
    t = await startTestSystem({ SMTP_URL: inbox.url, MAIL_FROM: 'Interviews <interviews@vi.example>' });
  });
  afterAll(async () => {
    await t.stop();
    await inbox.close();
  });

  async function invite(company: Awaited<ReturnType<TestSystem['createCompany']>>, name: string) {
    const job = await company.api.post('/jobs', { title: 'Shared Role', locality: { work_mode: 'remote', work_place: '' } });
    const created = await company.api.post('/interviews', {
      type: 'one_way',
      scheduled_at: new Date(Date.now() + 3600_000).toISOString().replace(/\.\d{3}Z$/, '+00:00'),
      assigned_to: { name, email },
      job_post: { uuid: job.body.uuid },
      questions: [{ text: 'Why us?', time_limit: 60 }],
    });
    expect(created.status).toBe(201);
    return created.body as { uuid: string; assigned_to: { uuid: string; name: string; email: string } };
  }

  it("shows each company, and the invitation it sends, the name it gave, never the other company's", async () => {
    const first = await t.createCompany();
    const second = await t.createCompany();
    const byFirst = await invite(first, 'Alex (first company)');
    await inbox.next(email, 1, 30_000);
    const bySecond = await invite(second, 'Alexandra Second');

    // One person (one candidate link and erasure by email), two companies' words about them.
    expect(bySecond.assigned_to).toMatchObject({ uuid: byFirst.assigned_to.uuid, name: 'Alexandra Second', email });
    expect((await second.api.get(`/interviews/${bySecond.uuid}`)).body.assigned_to.name).toBe('Alexandra Second');
    expect(((await second.api.get('/interviews')).body as Array<{ assigned_to: { name: string } }>).map((i) => i.assigned_to.name)).toEqual([
      'Alexandra Second',
    ]);
    expect((await first.api.get(`/interviews/${byFirst.uuid}`)).body.assigned_to.name).toBe('Alex (first company)');
    for (const seen of [bySecond, (await second.api.get(`/interviews/${bySecond.uuid}`)).body, (await second.api.get('/interviews')).body]) {
      expect(JSON.stringify(seen)).not.toContain('first company');
    }

    // The second invitation greets them as the second company named them, and says nothing of the first.
    const invitation = await inbox.next(email, 2, 30_000);
    expect(invitation.text).toContain('Alexandra Second');
    expect(`${invitation.subject} ${invitation.text} ${invitation.html}`).not.toContain('first company');

    // The candidate, through the second company's link, sees neither company's words about them.
    const token = await t.candidateLinks.token(bySecond.uuid);
    const candidate = new ApiClient(t.baseUrl, undefined);
    const opened = await candidate.request('GET', `/candidate/interviews/${bySecond.uuid}`, { headers: { authorization: `Bearer ${token}` } });
    expect(opened.status).toBe(200);
    expect(JSON.stringify(opened.body)).not.toContain('first company');
  }, 90_000);
});
