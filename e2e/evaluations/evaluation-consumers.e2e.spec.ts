import { randomUUID } from 'node:crypto';
import {
  EvaluationsSubjects,
  type CommentEventPayload,
  type DecisionEventPayload,
  type DecisionJson,
  type EvaluationEventPayload,
  type EvaluationJson,
} from '@vi/contracts';
import { waitFor } from '@vi/platform-testing';
import { toRfc3339 } from '@vi/platform-time';
import { ApiClient } from '../support/api-client';
import { settled } from '../support/barrier';
import { startTestSystem, type TestSystem } from '../support/test-system';
import {
  asListItem,
  companyWithJob,
  createInterview,
  getInterview,
  expectInterviewShape,
  interviewBody,
  listInterviews,
  seekerEmail,
} from '../interviews/interview-helpers';
import { SmtpInbox, WebhookReceiver, bodyOf, createWebhook, signatureValid } from '../notifications/notification-helpers';

const MAIL_TIMEOUT_MS = 30_000;

/**
 * What interviews, notifications and webhooks do with the evaluations service's events (decision 070), through the
 * whole system: the events are published on the system's bus as evaluations publishes them (the service itself is
 * not needed for what they cause), and their effects read over HTTP, from a webhook receiver and from an SMTP server.
 */
describe("evaluations' events: the interview's verdict, the webhooks and the emails", () => {
  let t: TestSystem;
  let inbox: SmtpInbox;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    inbox = await new SmtpInbox().start();
    receiver = await new WebhookReceiver().start();
    t = await startTestSystem({ SMTP_URL: inbox.url, MAIL_FROM: 'Interviews <interviews@vi.example>' });
  });
  afterAll(async () => {
    await t.stop();
    await receiver.close();
    await inbox.close();
  });

  /** Publishes as the evaluations service's outbox relay would: the event id is the message id. */
  const publish = async (subject: string, payload: unknown) => {
    const message = { id: randomUUID(), subject, occurredAt: toRfc3339(new Date()), payload };
    await t.system.bus.publish(message);
    return message;
  };

  it('shows the decision and the counts on the interview and its list item (never to the candidate), sends EvaluationSubmitted and InterviewDecided, and emails the candidate of a reject in their language', async () => {
    const company = await companyWithJob(t);
    const hook = await createWebhook(company.api, { description: 'Evaluations', url: receiver.url('/evaluations') });
    const candidateEmail = seekerEmail('lucia');
    const interview = await createInterview(
      company.api,
      interviewBody(company.job.uuid, { assigned_to: { name: 'Lucía López', email: candidateEmail }, language: 'es-ES' }),
    );
    await settled(t);
    const base = { interview_uuid: interview.uuid, company_uuid: company.companyUuid };
    const una = { uuid: company.me.user.uuid, name: company.me.user.name };

    await publish(EvaluationsSubjects.EvaluationStarted, { ...base, counts: { evaluations_submitted: 0, evaluations_started: 2 }, evaluation: null });
    const evaluation: EvaluationJson = {
      uuid: randomUUID(),
      evaluator: { ...una, type: 'user' },
      status: 'submitted',
      recommendation: 'no',
      overall_rating: 2,
      ratings: [],
      note: 'Not this time',
      submitted_at: toRfc3339(new Date()),
      updated_at: toRfc3339(new Date()),
    };
    await publish(EvaluationsSubjects.EvaluationSubmitted, {
      ...base,
      counts: { evaluations_submitted: 1, evaluations_started: 2 },
      evaluation,
    } satisfies EvaluationEventPayload);
    const decision: DecisionJson = { decision: 'reject', decided_by: una, decided_at: toRfc3339(new Date()) };
    const notice = {
      name: 'Lucía López',
      email: candidateEmail,
      language: 'es-ES',
      company_name: company.me.company.name,
      job_title: company.job.title,
      message: 'Gracias por su tiempo.\nLe deseamos suerte.',
    };
    await publish(EvaluationsSubjects.DecisionMade, {
      ...base,
      counts: { evaluations_submitted: 1, evaluations_started: 2 },
      decision,
      notify_candidate: notice,
    } satisfies DecisionEventPayload);

    // The interview's renderings: its single read and its list item, through the gateway's documented shape.
    await waitFor(async () => (await getInterview(company.api, interview.uuid)).decision !== null, 10_000);
    const read = await getInterview(company.api, interview.uuid);
    expectInterviewShape(read, { questions: true });
    expect(read).toMatchObject({ decision, evaluations_submitted: 1, evaluations_started: 2 });
    const { items } = await listInterviews(company.api);
    expect(items.find((i) => i.uuid === interview.uuid)).toEqual(asListItem(read));

    // The candidate sees none of it.
    const token = await t.candidateLinks.token(interview.uuid);
    const own = await new ApiClient(t.baseUrl, undefined).request('GET', `/candidate/interviews/${interview.uuid}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(own.status).toBe(200);
    expect(JSON.stringify(own.body)).not.toMatch(/decision|evaluations|Not this time/);

    // The webhooks: the evaluation and the decision with their interview, signed; never the candidate's notice.
    const submitted = await receiver.next('EvaluationSubmitted', interview.uuid);
    expect(submitted.headers).toMatchObject({ 'x-service-payload': 'SubmittedEvaluation', 'x-service-webhook-uuid': hook.uuid });
    expect(signatureValid(hook.secret, submitted)).toBe(true);
    expect(bodyOf(submitted)).toEqual({ ...evaluation, interview_uuid: interview.uuid });
    const decided = await receiver.next('InterviewDecided', interview.uuid);
    expect(decided.headers).toMatchObject({ 'x-service-payload': 'InterviewDecision' });
    expect(bodyOf(decided)).toEqual({ ...decision, interview_uuid: interview.uuid });
    expect(decided.body).not.toContain(candidateEmail);

    // The candidate's email: Spanish, the company and the job, the company's own words instead of the default.
    // (The first email the candidate got is their invitation.)
    const rejections = () => inbox.to(candidateEmail).filter((m) => m.subject.startsWith('Su candidatura'));
    await waitFor(() => rejections().length > 0, MAIL_TIMEOUT_MS);
    const [mail] = rejections();
    expect(mail.subject).toBe(`Su candidatura para ${company.job.title} en ${company.me.company.name}`);
    expect(mail.text).toContain('Hola, Lucía López:');
    expect(mail.text).toContain('Gracias por su tiempo.\nLe deseamos suerte.');
    // Never the default paragraph beside the company's words, nor anything of the evaluations.
    expect(mail.text).not.toMatch(/Hemos valorado|Not this time|recommend/);

    // The replay sends the last InterviewDecided again.
    expect((await company.api.get('/webhooks/replay/InterviewDecided')).status).toBe(204);
    expect(bodyOf(await receiver.next('InterviewDecided', interview.uuid, 2))).toEqual({ ...decision, interview_uuid: interview.uuid });
    await settled(t);
    expect(rejections()).toHaveLength(1);
  });

  it("emails each colleague a comment mentions a link to the watch page at the comment's moment", async () => {
    const company = await companyWithJob(t);
    const interview = await createInterview(company.api, interviewBody(company.job.uuid));
    const take = randomUUID();
    const colleague = { uuid: randomUUID(), name: 'Mo Colleague', email: `mo.${randomUUID().slice(0, 8)}@colleagues.example` };
    const payload: CommentEventPayload = {
      interview_uuid: interview.uuid,
      company_uuid: company.companyUuid,
      counts: { evaluations_submitted: 0, evaluations_started: 0 },
      comment: {
        uuid: randomUUID(),
        author: { uuid: company.me.user.uuid, name: company.me.user.name, type: 'user' },
        text: 'Listen to this, @Mo <b>now</b>',
        take_uuid: take,
        recording_uuid: null,
        at_ms: 3000,
        mentions: [{ uuid: colleague.uuid, name: colleague.name }],
        created_at: toRfc3339(new Date()),
      },
      mentions: [colleague],
    };
    const event = await publish(EvaluationsSubjects.CommentCreated, payload);
    await t.system.bus.publish(event);

    const mail = await inbox.next(colleague.email, 1, MAIL_TIMEOUT_MS);
    expect(mail.subject).toBe(`${company.me.user.name} mentioned you in a comment`);
    const url = `http://localhost:8080/interview/${interview.uuid}/watch?take=${take}&at_ms=3000`;
    expect(mail.text).toContain(`Listen to this, @Mo <b>now</b>\n\nWatch from 0:03: ${url}`);
    expect(mail.html).toContain('Listen to this, @Mo &lt;b&gt;now&lt;/b&gt;');
    expect(mail.html).toContain(`href="${url.replace('&', '&amp;')}"`);
    await settled(t);
    expect(inbox.to(colleague.email)).toHaveLength(1);
  });
});
