import { webmFile, waitFor } from '@vi/platform-testing';
import type { ApiClient } from '../support/api-client';
import { expectError, expectRfc3339Timestamps } from '../support/expectations';
import { startTestSystem, type TestSystem } from '../support/test-system';
import { companyWithJob, createInterview, liveBody, UUID } from '../interviews/interview-helpers';
import { createJob, createStandardUser, expectValidationFailed } from '../jobs/job-helpers';
import { WebhookReceiver, bodyOf, createWebhook, SmtpInbox } from '../notifications/notification-helpers';
import {
  completedInterview,
  completedInterviewWithTakes,
  InterviewCreations,
  openInterview,
  publicClient,
  tokenOf,
  type Company,
} from '../sharing/sharing-helpers';

/**
 * The hiring team evaluates together (issue 40, decision 070): scorecards, blind evaluations, an outside reviewer
 * through an advanced share link, comments pinned to a moment with mentions, decisions one by one and in bulk, and
 * the webhooks. Every answer is also checked against the OpenAPI description by the ApiClient.
 */

const video = () => webmFile({ seconds: 12, fps: 2, audio: false, frameBytes: 400 });
const RECOMMENDATIONS = { strong_yes: 0, yes: 0, no: 0, definitely_not: 0, no_decision: 0 };

describe('evaluations: scorecards, evaluations, comments, decisions', () => {
  let t: TestSystem;
  let inbox: SmtpInbox;
  let receiver: WebhookReceiver;
  let creations: InterviewCreations;
  let company: Company;
  let other: Company;
  let bea: { uuid: string; api: ApiClient; summary: { uuid: string; name: string; email: string } };
  let answered: Awaited<ReturnType<typeof completedInterviewWithTakes>>;

  beforeAll(async () => {
    inbox = await new SmtpInbox().start();
    receiver = await new WebhookReceiver().start();
    t = await startTestSystem({ SMTP_URL: inbox.url, MAIL_FROM: 'Interviews <interviews@vi.example>' });
    creations = await new InterviewCreations().start(t);
    company = await companyWithJob(t, 'unlimited');
    other = await companyWithJob(t, 'unlimited');
    bea = await createStandardUser(company.api, (key) => t.as(key), 'bea@company.example');
    await createWebhook(company.api, { url: receiver.url(), events: ['EvaluationSubmitted', 'InterviewDecided'] });
    answered = await completedInterviewWithTakes(t, company, creations, [[video()], [video()]]);
  });
  afterAll(async () => {
    await creations.close();
    await t.stop();
    await receiver.close();
    await inbox.close();
  });

  async function putScorecard(api: ApiClient, jobUuid: string, body: Record<string, unknown>) {
    return api.put(`/jobs/${jobUuid}/scorecard`, body);
  }

  describe('the scorecard of a job', () => {
    it('is empty until given, is replaced whole, and keeps a criterion uuid named again', async () => {
      const job = await createJob(company.api, { title: 'Scorecard Engineer' });
      const none = await bea.api.get(`/jobs/${job.uuid}/scorecard`);
      expect({ status: none.status, body: none.body }).toEqual({ status: 200, body: { criteria: [], visibility: 'after_submit', updated_at: null } });

      const first = await putScorecard(company.api, job.uuid, {
        criteria: [{ name: 'Communication', description: 'Explains clearly' }, { name: 'Depth' }],
      });
      expect(first.status).toBe(200);
      expect(first.body).toEqual({
        criteria: [
          { uuid: expect.stringMatching(UUID), name: 'Communication', description: 'Explains clearly' },
          { uuid: expect.stringMatching(UUID), name: 'Depth', description: '' },
        ],
        visibility: 'after_submit',
        updated_at: expect.any(String),
      });
      expectRfc3339Timestamps(first.body);

      const [communication] = first.body.criteria;
      const second = await putScorecard(company.api, job.uuid, {
        criteria: [{ name: 'Ownership' }, { uuid: communication.uuid, name: 'Clear communication' }],
        visibility: 'always',
      });
      expect(second.body).toEqual({
        criteria: [
          { uuid: expect.stringMatching(UUID), name: 'Ownership', description: '' },
          { uuid: communication.uuid, name: 'Clear communication', description: '' },
        ],
        visibility: 'always',
        updated_at: expect.any(String),
      });
      expect(second.body.criteria[0].uuid).not.toBe(first.body.criteria[1].uuid);
      expect((await bea.api.get(`/jobs/${job.uuid}/scorecard`)).body).toEqual(second.body);
    });

    it('is changed by administrators and the job creator only, seen by no other company, and refuses bad criteria by field', async () => {
      const adminsJob = await createJob(company.api, { title: 'Admin Job' });
      expectError(await putScorecard(bea.api, adminsJob.uuid, { criteria: [{ name: 'Grit' }] }), 403, 'api.administrator_required');
      const beasJob = await createJob(bea.api, { title: 'Bea Job' });
      expect((await putScorecard(bea.api, beasJob.uuid, { criteria: [{ name: 'Grit' }] })).status).toBe(200);

      expectError(await other.api.get(`/jobs/${adminsJob.uuid}/scorecard`), 404, 'api.job_not_found');
      expectError(await putScorecard(other.api, adminsJob.uuid, { criteria: [] }), 404, 'api.job_not_found');

      const eleven = Array.from({ length: 11 }, (_, i) => ({ name: `C${i}` }));
      expectValidationFailed(await putScorecard(company.api, adminsJob.uuid, { criteria: eleven }), ['criteria']);
      expectValidationFailed(await putScorecard(company.api, adminsJob.uuid, { criteria: [{ name: 'Same' }, { name: 'same' }] }), ['criteria.1.name']);
      expectValidationFailed(await putScorecard(company.api, adminsJob.uuid, { criteria: [{ name: '', description: 'x'.repeat(501) }], visibility: 'never' }), [
        'criteria.0.name',
        'criteria.0.description',
        'visibility',
      ]);
      // Nothing changed.
      expect((await company.api.get(`/jobs/${adminsJob.uuid}/scorecard`)).body.updated_at).toBeNull();
    });
  });

  describe('evaluations of an interview', () => {
    let criteria: { uuid: string; name: string; description: string }[];
    beforeAll(async () => {
      const card = await putScorecard(company.api, company.job.uuid, { criteria: [{ name: 'Communication' }, { name: 'Problem solving' }] });
      criteria = card.body.criteria;
    });

    it('hides the others until the caller submits (after_submit), then shows them and the summary', async () => {
      const path = `/interviews/${answered.interview.uuid}/evaluations`;
      const draft = await company.api.put(`${path}/mine`, { recommendation: 'yes', ratings: [{ criterion_uuid: criteria[0].uuid, rating: 4 }] });
      expect(draft.status).toBe(200);
      expect(draft.body).toEqual({
        uuid: expect.stringMatching(UUID),
        evaluator: { uuid: company.me.user.uuid, name: company.me.user.name, type: 'user' },
        status: 'draft',
        recommendation: 'yes',
        overall_rating: null,
        ratings: [{ criterion_uuid: criteria[0].uuid, rating: 4 }],
        note: null,
        submitted_at: null,
        updated_at: expect.any(String),
      });

      // A rating of every criterion is missing: each named.
      expectValidationFailed(await company.api.post(`${path}/mine/submit`), [`ratings.${criteria[1].uuid}`]);
      expectValidationFailed(await company.api.put(`${path}/mine`, { overall_rating: 6, recommendation: 'maybe' }), ['overall_rating', 'recommendation']);

      const filled = await company.api.put(`${path}/mine`, {
        overall_rating: 4,
        note: 'Clear answers.',
        ratings: [
          { criterion_uuid: criteria[0].uuid, rating: 4 },
          { criterion_uuid: criteria[1].uuid, rating: 3 },
        ],
      });
      expect(filled.body.status).toBe('draft');
      const submitted = await company.api.post(`${path}/mine/submit`);
      expect(submitted.status).toBe(200);
      expect(submitted.body).toEqual({ ...filled.body, status: 'submitted', submitted_at: expect.any(String), updated_at: expect.any(String) });
      expectRfc3339Timestamps(submitted.body);

      // Bea has not submitted: she sees her own (nothing yet) and nobody else's.
      const hidden = await bea.api.get(path);
      expect(hidden.body).toEqual({ mine: null, others: null, summary: null, visibility: 'after_submit', criteria });

      await bea.api.put(`${path}/mine`, {
        recommendation: 'strong_yes',
        overall_rating: 5,
        ratings: [
          { criterion_uuid: criteria[0].uuid, rating: 5 },
          { criterion_uuid: criteria[1].uuid, rating: 4 },
        ],
      });
      expect((await bea.api.get(path)).body).toMatchObject({ mine: { status: 'draft' }, others: null, summary: null });
      const beas = await bea.api.post(`${path}/mine/submit`);
      expect(beas.body.status).toBe('submitted');

      const seen = await bea.api.get(path);
      expect(seen.body).toEqual({
        mine: beas.body,
        others: [submitted.body],
        summary: {
          submitted: 2,
          overall_average: 4.5,
          recommendations: { ...RECOMMENDATIONS, strong_yes: 1, yes: 1 },
          criteria: [
            { uuid: criteria[0].uuid, name: 'Communication', average: 4.5 },
            { uuid: criteria[1].uuid, name: 'Problem solving', average: 3.5 },
          ],
        },
        visibility: 'after_submit',
        criteria,
      });
      expect((await company.api.get(path)).body.others).toEqual([beas.body]);

      // Amending a submitted evaluation keeps it submitted.
      const amended = await bea.api.put(`${path}/mine`, { note: 'Strong on depth.' });
      expect(amended.body).toMatchObject({ status: 'submitted', note: 'Strong on depth.', submitted_at: beas.body.submitted_at });

      // The webhooks and the interview's count.
      const hook = bodyOf(await receiver.next('EvaluationSubmitted', answered.interview.uuid, 2));
      expect(hook).toEqual({ ...beas.body, interview_uuid: answered.interview.uuid });
      await waitFor(async () => (await company.api.get(`/interviews/${answered.interview.uuid}`)).body.evaluations_submitted === 2);
    });

    it('refuses an interview that is not completed (409), and every other company sees nothing (404)', async () => {
      const pending = await openInterview(company);
      expectError(await company.api.get(`/interviews/${pending.uuid}/evaluations`), 409, 'api.interview_not_evaluable');
      expectError(await company.api.put(`/interviews/${pending.uuid}/evaluations/mine`, { recommendation: 'yes' }), 409, 'api.interview_not_evaluable');
      for (const [method, path, body] of [
        ['GET', `/interviews/${answered.interview.uuid}/evaluations`],
        ['PUT', `/interviews/${answered.interview.uuid}/evaluations/mine`, { recommendation: 'no' }],
        ['GET', `/interviews/${answered.interview.uuid}/comments`],
        ['PUT', `/interviews/${answered.interview.uuid}/decision`, { decision: 'reject' }],
      ] as const) {
        expectError(await other.api.request(method, path, { body }), 404, 'api.interview_not_found');
      }
    });

    it('lets an advanced link\'s reviewer evaluate as "reviewer"; a basic link cannot', async () => {
      const links = await company.api.post('/share_links', {
        status: 'active',
        reviewers: [{ name: 'Rita Reviewer', email: 'rita@reviewers.example' }],
        interviews: [{ uuid: answered.interview.uuid }],
      });
      expect(links.status).toBe(201);
      const shared = publicClient(t);
      const path = `/public/share/${tokenOf(links.body[0].url)}/evaluation`;
      // The reviewer reads no scorecard: the answer names the criteria to rate (our extension, decision 070).
      expect((await shared.get(path)).body).toEqual({ mine: null, others: null, summary: null, visibility: 'after_submit', criteria });
      const saved = await shared.put(path, {
        recommendation: 'no',
        ratings: criteria.map((c) => ({ criterion_uuid: c.uuid, rating: 2 })),
      });
      expect(saved.body).toMatchObject({ evaluator: { uuid: links.body[0].uuid, name: 'Rita Reviewer', type: 'reviewer' }, status: 'draft' });
      expect((await shared.post(`${path}/submit`)).body.status).toBe('submitted');
      const after = await shared.get(path);
      expect(after.body.summary).toMatchObject({ submitted: 3, recommendations: { ...RECOMMENDATIONS, strong_yes: 1, yes: 1, no: 1 } });
      expect((await company.api.get(`/interviews/${answered.interview.uuid}/evaluations`)).body.others).toContainEqual(after.body.mine);

      const basic = await company.api.post(`/interviews/${answered.interview.uuid}/share_link`);
      expectError(await shared.get(`/public/share/${tokenOf(basic.body.url)}/evaluation`), 403, 'api.share_link_cannot_evaluate');
      expectError(await shared.get(`/public/share/${'A'.repeat(43)}/evaluation`), 404, 'api.share_link_not_found');
    });
  });

  describe('comments pinned to a moment', () => {
    it('pins a comment to 0:03 of the first answer, emails the mentioned colleague a link there, and lists in order', async () => {
      const path = `/interviews/${answered.interview.uuid}/comments`;
      const [firstTake, secondTake] = answered.takes;
      const pinned = await company.api.post(path, { text: '@Stan Standard listen here', take_uuid: firstTake.uuid, at_ms: 3000, mentions: [bea.uuid] });
      expect(pinned.status).toBe(201);
      expect(pinned.body).toEqual({
        uuid: expect.stringMatching(UUID),
        author: { uuid: company.me.user.uuid, name: company.me.user.name, type: 'user' },
        text: '@Stan Standard listen here',
        take_uuid: firstTake.uuid,
        recording_uuid: null,
        at_ms: 3000,
        mentions: [{ uuid: bea.uuid, name: 'Stan Standard' }],
        created_at: expect.any(String),
      });
      const later = await bea.api.post(path, { text: 'And here', take_uuid: secondTake.uuid, at_ms: 1000 });
      const earlier = await bea.api.post(path, { text: 'Before that', take_uuid: firstTake.uuid, at_ms: 500 });
      const general = await bea.api.post(path, { text: 'Overall: good' });

      // Bea's first email was her welcome; the mention is the one that quotes the comment.
      await waitFor(() => inbox.to('bea@company.example').some((m) => m.text.includes('listen here')));
      const email = inbox.to('bea@company.example').find((m) => m.text.includes('listen here'))!;
      expect(email.text).toContain('listen here');
      expect(email.text).toContain(`/interview/${answered.interview.uuid}/watch?take=${firstTake.uuid}&at_ms=3000`);

      const listed = await company.api.get(path);
      expect(listed.body.items.map((c: { uuid: string }) => c.uuid)).toEqual([earlier.body.uuid, pinned.body.uuid, later.body.uuid, general.body.uuid]);

      // Past the answer's 12 s, a take of no answer of this interview, a moment on nothing: refused by field.
      expectValidationFailed(await company.api.post(path, { text: 'late', take_uuid: firstTake.uuid, at_ms: 12_500 }), ['at_ms']);
      expectValidationFailed(await company.api.post(path, { text: 'nowhere', take_uuid: answered.interview.uuid, at_ms: 0 }), ['take_uuid']);
      expectValidationFailed(await company.api.post(path, { text: '  ', at_ms: 5 }), ['text', 'at_ms']);

      // Deleting: the author, or an administrator; not another standard user.
      expectError(await bea.api.delete(`${path}/${pinned.body.uuid}`), 403, 'api.administrator_required');
      expect((await company.api.delete(`${path}/${later.body.uuid}`)).status).toBe(204);
      expect((await bea.api.delete(`${path}/${general.body.uuid}`)).status).toBe(204);
      expect((await company.api.get(path)).body.items.map((c: { uuid: string }) => c.uuid)).toEqual([earlier.body.uuid, pinned.body.uuid]);
    });
  });

  describe('decisions', () => {
    it('decides one interview, shows it on the interview and tells the webhooks', async () => {
      const live = await completedInterview(company, 'Dee Decided');
      const decided = await company.api.put(`/interviews/${live.uuid}/decision`, { decision: 'hold' });
      expect(decided.status).toBe(200);
      expect(decided.body).toEqual({
        decision: 'hold',
        decided_by: { uuid: company.me.user.uuid, name: company.me.user.name },
        decided_at: expect.any(String),
      });
      expectRfc3339Timestamps(decided.body);
      expect(bodyOf(await receiver.next('InterviewDecided', live.uuid))).toEqual({ ...decided.body, interview_uuid: live.uuid });
      await waitFor(async () => (await company.api.get(`/interviews/${live.uuid}`)).body.decision?.decision === 'hold');
      expect((await company.api.get(`/interviews/${live.uuid}`)).body).toMatchObject({ decision: decided.body, evaluations_submitted: 0 });
      expectValidationFailed(await company.api.put(`/interviews/${live.uuid}/decision`, { decision: 'advance', notify_candidate: true }), ['notify_candidate']);
    });

    it('rejects three interviews at once and notifies each candidate in their language; reports the others per interview', async () => {
      const candidates = [
        { name: 'Eva Español', email: 'eva@seekers.example', language: 'es' },
        { name: 'Franz Deutsch', email: 'franz@seekers.example', language: 'de' },
        { name: 'Fleur Française', email: 'fleur@seekers.example', language: 'fr' },
      ];
      const rejected: string[] = [];
      for (const c of candidates) {
        const created = await createInterview(company.api, liveBody(company.job.uuid, { assigned_to: { name: c.name, email: c.email }, language: c.language }));
        expect((await company.api.put(`/interviews/${created.uuid}`, { status: 'completed' })).status).toBe(201);
        rejected.push(created.uuid);
      }
      const pending = await openInterview(company);
      const foreign = await completedInterview(other, 'Olga Other');
      const bulk = await company.api.post('/interviews/decisions', {
        interviews: [...rejected, pending.uuid, foreign.uuid],
        decision: 'reject',
        notify_candidate: true,
      });
      expect(bulk.status).toBe(200);
      expect(bulk.body).toEqual({
        results: [...rejected.map((uuid) => ({ uuid, status: 200 })), { uuid: pending.uuid, status: 409 }, { uuid: foreign.uuid, status: 404 }],
      });
      // A live interview's invitation carries its calendar; the rejection does not.
      const rejectionTo = (email: string) => inbox.to(email).filter((m) => m.calendars.length === 0);
      await waitFor(() => candidates.every((c) => rejectionTo(c.email).length === 1));
      const emails = candidates.map((c) => rejectionTo(c.email)[0]);
      // One message per language, none of them English or carrying anything of the evaluations.
      expect(new Set(emails.map((e) => e.subject)).size).toBe(3);
      for (const email of emails) {
        expect(email.text).toContain(company.job.title);
        expect(email.text).not.toMatch(/rating|score|Thank you for/i);
      }
      for (const uuid of rejected) expect(bodyOf(await receiver.next('InterviewDecided', uuid))).toMatchObject({ interview_uuid: uuid, decision: 'reject' });
      expect(receiver.of('InterviewDecided', foreign.uuid)).toEqual([]);
      expect(rejectionTo(foreign.assigned_to.email)).toEqual([]);
      expect(rejectionTo(pending.assigned_to.email)).toEqual([]);
    });
  });
});
