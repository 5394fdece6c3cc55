import { randomUUID } from 'node:crypto';
import { SharingSubjects, type ShareLinkEventPayload } from '@vi/contracts';
import { settled } from '../support/barrier';
import { ApiClient } from '../support/api-client';
import { startTestSystem, type TestSystem } from '../support/test-system';
import { SupportClient } from '../../tools/admin-cli/src/support-client';
import { InterviewEvents, companyWithJob, createInterview, inFuture, interviewBody, putInterview, seekerEmail } from '../interviews/interview-helpers';
import { completedInterview } from '../sharing/sharing-helpers';
import { SmsEndpoint, SmtpInbox, testPhone } from './notification-helpers';

const HOUR = 3600_000;
// A reminder goes out this long before the due time: an interview due in an hour is reminded after about 4 s.
const REMINDER_LEAD_S = 3596;
const SMS = { sid: 'AC_test_account', token: 'sms-auth-token', from: '+15005550006' };

describe('emails and SMS', () => {
  let t: TestSystem;
  let inbox: SmtpInbox;
  let sms: SmsEndpoint;
  let events: InterviewEvents;

  beforeAll(async () => {
    inbox = await new SmtpInbox().start();
    sms = await new SmsEndpoint().start();
    t = await startTestSystem({
      SMTP_URL: inbox.url,
      MAIL_FROM: 'Interviews <interviews@vi.example>',
      SMS_PROVIDER_URL: sms.url,
      SMS_ACCOUNT_SID: SMS.sid,
      SMS_AUTH_TOKEN: SMS.token,
      SMS_FROM: SMS.from,
      INTERVIEW_REMINDER_LEAD: `${REMINDER_LEAD_S}s`,
    });
    events = await new InterviewEvents().start(t.system.bus);
  });
  afterAll(async () => {
    await events.close();
    await t.stop();
    await inbox.close();
    await sms.close();
  });

  it('emails a new company user a set-password link (text and HTML)', async () => {
    const company = await t.createCompany();
    const email = `new.${randomUUID().slice(0, 8)}@users.example`;
    expect((await company.api.post('/users', { name: 'Nora New', email, role: 'standard' })).status).toBe(201);
    const mail = await inbox.next(email);
    expect(mail.from).toBe('"Interviews" <interviews@vi.example>');
    expect(mail.subject).toBe('Set your Video Interviewing password');
    const link = /(http:\/\/localhost:8080\/set-password\?token=[A-Za-z0-9_-]{43})\s/.exec(mail.text)?.[1];
    expect(link).toBeDefined();
    expect(mail.text).toContain('Nora New');
    expect(mail.html).toContain(`href="${link}"`);
    // The company's first administrator got one too; each address once.
    await inbox.next('admin1@company1.example');
    await settled(t);
    expect(inbox.to(email)).toHaveLength(1);
  });

  it('invites the job seeker by email; the link in it opens the interview, which they complete; a reset sends a new link', async () => {
    const company = await companyWithJob(t, 'unlimited', { title: 'Mail Carrier' });
    const email = seekerEmail('mailed');
    const interview = await createInterview(
      company.api,
      interviewBody(company.job.uuid, {
        assigned_to: { name: 'Mia Mailed', email },
        email_message: 'We look forward to your answers <3',
        timezone: 'Europe/Paris',
        scheduled_at: inFuture(2 * HOUR),
      }),
    );
    const invitation = (await events.next(interview.uuid, 'interviews.interview.created')).payload.invitation;
    const mail = await inbox.next(email);
    expect(mail.subject).toBe(`Your video interview for Mail Carrier at ${company.me.company.name}`);
    for (const part of ['Mia Mailed', 'Mail Carrier', 'We look forward to your answers <3', `${invitation.scheduled_at_local} (Europe/Paris)`]) {
      expect(mail.text).toContain(part);
    }
    expect(mail.html).toContain('We look forward to your answers &lt;3');
    // The link was issued when the email went out: the event carried none.
    expect(invitation).not.toHaveProperty('candidate_url');
    const link = new URL(/(http\S+\/candidate\/interviews\/\S+)/.exec(mail.text)![1]);
    expect(mail.html).toContain(`href="${link.toString().replace(/&/g, '&amp;')}"`);

    // The job seeker follows the link from the email: the API path of the same interview, the token as Bearer.
    expect(link.pathname).toBe(`/candidate/interviews/${interview.uuid}`);
    const candidate = new ApiClient(t.baseUrl, undefined);
    const as = (method: string, path: string) => candidate.request(method, path, { headers: { authorization: `Bearer ${link.searchParams.get('token')}` } });
    expect((await as('GET', link.pathname)).status).toBe(200);
    const accepted = await as('POST', `${link.pathname}/accept`);
    expect(accepted.status).toBe(200);
    for (const question of accepted.body.questions) expect((await as('POST', `${link.pathname}/questions/${question.uuid}/skip`)).status).toBe(200);
    const completed = await as('POST', `${link.pathname}/complete`);
    expect(completed.status).toBe(200);
    expect(completed.body.status).toBe('completed');
    expect((await company.api.get(`/interviews/${interview.uuid}`)).body.status).toBe('completed');

    // Customer support resets it: a new email with a new link.
    const support = new SupportClient(`127.0.0.1:${t.system.interviews.grpcPort}`, t.env.INTERNAL_JWT_SECRET!);
    try {
      await support.resetInterview(interview.uuid);
    } finally {
      support.close();
    }
    const again = await inbox.next(email, 2);
    expect(again.subject).toBe('Record your interview for Mail Carrier again');
    const newLink = /(http\S+\/candidate\/interviews\/\S+)/.exec(again.text)![1];
    expect(newLink).not.toBe(link.toString());
    expect(
      (
        await new ApiClient(t.baseUrl, undefined).request('GET', link.pathname, {
          headers: { authorization: `Bearer ${new URL(newLink).searchParams.get('token')}` },
        })
      ).body.status,
    ).toBe('requested');
  });

  it('invites in the interview’s language: a Spanish interview’s invitation is in Spanish, its date too (decision 047)', async () => {
    const company = await companyWithJob(t, 'unlimited', { title: 'Cartero' });
    const email = seekerEmail('espanol');
    const interview = await createInterview(
      company.api,
      interviewBody(company.job.uuid, {
        assigned_to: { name: 'Lucía Lenguas', email },
        email_message: 'Esperamos sus respuestas.',
        timezone: 'Europe/Madrid',
        scheduled_at: '2027-03-01T17:30:00+00:00',
        language: 'es-es',
      }),
    );
    // Canonical, shown on the interview.
    expect(interview.language).toBe('es-ES');
    expect((await company.api.get(`/interviews/${interview.uuid}`)).body.language).toBe('es-ES');
    const mail = await inbox.next(email);
    expect(mail.subject).toBe(`Su entrevista en vídeo para Cartero en ${company.me.company.name}`);
    for (const part of [
      'Hola, Lucía Lenguas:',
      `${company.me.company.name} le invita a una entrevista en vídeo para el puesto de Cartero.`,
      'Esperamos sus respuestas.',
      'Complétela antes del lunes, 1 de marzo de 2027, 18:30:00 CET (Europe/Madrid).',
      // How to ask for an accommodation (issue 42): the page's link as the page names it.
      `pídaselo a ${company.me.company.name} desde la página de su entrevista: elija «¿Necesitas un ajuste?».`,
      'Abrir su entrevista: http',
    ]) {
      expect(mail.text).toContain(part);
    }
    expect(mail.html).toContain('>Abrir su entrevista</a>');
    expect(mail.text).not.toMatch(/Please|Open your interview|Monday|March/);
  });

  it('writes English when the interview names no language', async () => {
    const company = await companyWithJob(t);
    const email = seekerEmail('english');
    const interview = await createInterview(company.api, interviewBody(company.job.uuid, { assigned_to: { name: 'Eve English', email } }));
    expect(interview.language).toBe('en');
    const mail = await inbox.next(email);
    expect(mail.text).toContain('Please complete it by');
    expect(mail.text).toContain(`ask ${company.me.company.name} from your interview's page: choose “Need an accommodation?”.`);
  });

  it('a reschedule emails the new due time and a new link', async () => {
    const company = await companyWithJob(t);
    const email = seekerEmail('moved');
    const interview = await createInterview(company.api, interviewBody(company.job.uuid, { assigned_to: { name: 'Max Moved', email } }));
    const first = await inbox.next(email);
    await putInterview(company.api, interview.uuid, { scheduled_at: inFuture(3 * 24 * HOUR) });
    const moved = (await events.next(interview.uuid, 'interviews.interview.rescheduled')).payload.invitation;
    const second = await inbox.next(email, 2);
    expect(second.subject).toBe(`New due time: your interview for ${company.job.title}`);
    expect(second.text).toContain(moved.scheduled_at_local);
    const linkIn = (text: string) => /(http\S+\/candidate\/interviews\/\S+)/.exec(text)![1];
    expect(linkIn(second.text)).toContain(`/candidate/interviews/${interview.uuid}?token=`);
    expect(linkIn(second.text)).not.toBe(linkIn(first.text));
  });

  it('texts the invitation and, once, a reminder before the due time; not for canceled interviews; a reschedule re-plans it', async () => {
    const company = await companyWithJob(t, 'growth');
    const body = (phone: string, overrides: Record<string, unknown> = {}) =>
      interviewBody(company.job.uuid, {
        assigned_to: { name: 'Sam Sms', email: seekerEmail('sms'), phone: `(415) ${phone.slice(-7)}`, phone_parsed: phone },
        has_sms_consent: true,
        scheduled_at: inFuture(HOUR),
        ...overrides,
      });
    const [remindedPhone, canceledPhone, movedPhone] = [testPhone(), testPhone(), testPhone()];
    const reminded = await createInterview(company.api, body(remindedPhone));
    const canceled = await createInterview(company.api, body(canceledPhone));
    const moved = await createInterview(company.api, body(movedPhone));
    await putInterview(company.api, canceled.uuid, { status: 'canceled' });
    await putInterview(company.api, moved.uuid, { scheduled_at: inFuture(HOUR + 4_000) });

    const invitation = (await events.next(reminded.uuid, 'interviews.interview.created')).payload.invitation;
    const text = await sms.next(remindedPhone);
    expect(text).toMatchObject({
      accountSid: SMS.sid,
      to: remindedPhone,
      from: SMS.from,
      auth: `Basic ${Buffer.from(`${SMS.sid}:${SMS.token}`).toString('base64')}`,
    });
    expect(text.body).toContain(`/candidate/interviews/${reminded.uuid}?token=`);
    expect(text.body).toContain(invitation.scheduled_at_local);
    expect(text.body).toContain(company.job.title);

    const reminder = await sms.next(remindedPhone, 2, 15_000);
    expect(reminder.body).toMatch(/^Reminder from /);
    expect(reminder.body).toContain(`/candidate/interviews/${reminded.uuid}?token=`);
    const dueAt = new Date(reminded.scheduled_at).getTime();
    expect(reminder.at).toBeGreaterThanOrEqual(dueAt - REMINDER_LEAD_S * 1000 - 200);

    // The rescheduled one: the first reminder (old due time) never goes out, the new one does.
    const movedInvitation = (await events.next(moved.uuid, 'interviews.interview.rescheduled')).payload.invitation;
    const movedReminder = await sms.next(movedPhone, 3, 15_000);
    expect(movedReminder.body).toMatch(/^Reminder from /);
    expect(movedReminder.body).toContain(movedInvitation.scheduled_at_local);
    expect(movedReminder.at).toBeGreaterThanOrEqual(new Date(moved.scheduled_at).getTime() + 4_000 - REMINDER_LEAD_S * 1000 - 1_200);

    await settled(t);
    expect(sms.to(remindedPhone)).toHaveLength(2);
    // No reminder; the invitation went out only if it was sent before the cancel (after it, no link is issued).
    expect(sms.to(canceledPhone).filter((m) => m.body.startsWith('Reminder'))).toEqual([]);
    expect(sms.to(canceledPhone).length).toBeLessThanOrEqual(1);
    expect(sms.to(movedPhone).map((m) => m.body.startsWith('Reminder'))).toEqual([false, false, true]);
  });

  it('emails the reviewer of an advanced share link created with send_email, once per event, with the URL sharing renders', async () => {
    const reviewer = `reviewer.${randomUUID().slice(0, 8)}@reviews.example`;
    const silent = `silent.${randomUUID().slice(0, 8)}@reviews.example`;
    const company = await companyWithJob(t, 'growth');
    const real = (
      await company.api.post('/share_links', {
        status: 'active',
        reviewers: [{ name: 'Rita Reviewer', email: reviewer }],
        interviews: [{ uuid: (await completedInterview(company, 'Dana Candidate')).uuid }],
      })
    ).body[0];
    const link = (email: string, sendEmail: boolean): ShareLinkEventPayload => ({
      uuid: email === reviewer ? real.uuid : randomUUID(),
      kind: 'advanced',
      status: 'active',
      company: { uuid: randomUUID(), name: 'Reviewing Co' },
      interviews: [{ uuid: randomUUID(), job_title: 'Designer', candidate_name: 'Dana Candidate' }],
      reviewer: { name: 'Rita Reviewer', email },
      send_email: sendEmail,
      created_by: { uuid: randomUUID(), name: 'Ann Admin', email: 'ann@reviewing.example', avatar: 'http://localhost/a.svg' },
      updated_by: null,
      basic_link: null,
      occurred_at: new Date().toISOString(),
      version: 1,
    });
    const publish = (payload: ShareLinkEventPayload, id = randomUUID()) =>
      t.system.bus.publish({ id, subject: SharingSubjects.ShareLinkCreated, occurredAt: new Date().toISOString(), payload });
    await publish(link(silent, false));
    const shared = link(reviewer, true);
    const id = randomUUID();
    await publish(shared, id);
    await publish(shared, id);
    const mail = await inbox.next(reviewer);
    expect(mail.subject).toBe('Reviewing Co shared interviews with you');
    expect(mail.text).toContain(real.url);
    expect(mail.text).toContain('Ann Admin of Reviewing Co');
    expect(mail.text).toContain('Dana Candidate (Designer)');
    expect(mail.html).toContain(`href="${real.url}"`);
    await settled(t);
    expect(inbox.to(silent)).toEqual([]);
    expect(inbox.to(reviewer)).toHaveLength(1);
  });

  it('emails the reviewers of share links created over the API with send_email true, and nobody otherwise', async () => {
    const company = await companyWithJob(t, 'growth', { title: 'Reviewed Role' });
    const interview = await completedInterview(company, 'Cory Completed');
    const emailed = `emailed.${randomUUID().slice(0, 8)}@reviews.example`;
    const quiet = `quiet.${randomUUID().slice(0, 8)}@reviews.example`;
    const share = async (email: string, sendEmail: boolean | undefined) => {
      const created = await company.api.post('/share_links', {
        status: 'active',
        ...(sendEmail === undefined ? {} : { send_email: sendEmail }),
        reviewers: [{ name: 'Rae Reviewer', email }],
        interviews: [{ uuid: interview.uuid }],
      });
      expect(created.status).toBe(201);
      return created.body[0];
    };
    await share(quiet, false);
    await share(quiet, undefined);
    const link = await share(emailed, true);
    const mail = await inbox.next(emailed);
    expect(mail.text).toContain(link.url);
    expect(mail.text).toContain('Cory Completed (Reviewed Role)');
    expect(mail.html).toContain(`href="${link.url}"`);
    await settled(t);
    expect(inbox.to(quiet)).toEqual([]);
    expect(inbox.to(emailed)).toHaveLength(1);
  });
});
