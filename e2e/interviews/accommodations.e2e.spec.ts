import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { waitFor, webmFile } from '@vi/platform-testing';
import { ApiClient } from '../support/api-client';
import { expectError, expectRfc3339Timestamps } from '../support/expectations';
import { startTestSystem, type TestSystem } from '../support/test-system';
import { WebhookReceiver, bodyOf, createWebhook } from '../notifications/notification-helpers';
import {
  InterviewEvents,
  companyWithJob,
  createInterview,
  expectInterviewShape,
  getInterview,
  interviewBody,
  putInterview,
  seekerEmail,
  totalInterviews,
} from './interview-helpers';

const S = {
  created: 'interviews.interview.created',
  changed: 'interviews.interview.accommodations_changed',
  requested: 'interviews.interview.accommodation_requested',
};

/** The emails written to the system's mail folder (no SMTP_URL: one .eml file each), parsed: recipient, subject, text. */
async function mails(dir: string): Promise<Array<{ to: string; subject: string; text: string }>> {
  const files = readdirSync(dir).filter((name) => name.endsWith('.eml'));
  return Promise.all(
    files.map(async (name) => {
      const mail = await simpleParser(readFileSync(join(dir, name)));
      const to = (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((a) => a.value.map((v) => v.address ?? '')).join(', ');
      return { to, subject: mail.subject ?? '', text: mail.text ?? '' };
    }),
  );
}

const requestMails = async (dir: string) => (await mails(dir)).filter((m) => m.subject.includes('asks for an accommodation'));

describe('accommodations (issue 42): adjustable time, extra takes, audio only, and the candidate asking for one', () => {
  let t: TestSystem;
  let events: InterviewEvents;
  let company: Awaited<ReturnType<typeof companyWithJob>>;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    t = await startTestSystem();
    events = await new InterviewEvents().start(t.system.bus);
    company = await companyWithJob(t);
    receiver = await new WebhookReceiver().start();
    await createWebhook(company.api, { description: 'accommodations', url: receiver.url() });
  });
  afterAll(async () => {
    await events.close();
    await receiver.close();
    await t.stop();
  });

  /** A one-way interview with these accommodations and questions, accepted by its candidate, whose client it answers. */
  async function acceptedInterview(accommodations: Record<string, unknown> | undefined, questions: Array<Record<string, unknown>>) {
    const created = await createInterview(
      company.api,
      interviewBody(company.job.uuid, {
        assigned_to: { name: 'Alex Access', email: seekerEmail('access') },
        questions,
        ...(accommodations ? { accommodations } : {}),
      }),
    );
    const uuid = created.uuid as string;
    await events.next(uuid, S.created);
    const auth = { authorization: `Bearer ${await t.candidateLinks.token(uuid)}` };
    const candidate = new ApiClient(t.baseUrl, undefined);
    expect((await candidate.request('POST', `/candidate/interviews/${uuid}/accept`, { headers: auth })).status).toBe(200);
    const upload = (questionUuid: string, body: Buffer, contentType = 'video/webm') =>
      fetch(`${t.baseUrl}/candidate/interviews/${uuid}/questions/${questionUuid}/takes`, {
        method: 'POST',
        headers: { ...auth, 'content-type': contentType },
        body,
      }).then(async (r) => ({ status: r.status, body: (await r.json()) as any }));
    const request = (message: unknown) =>
      candidate.request('POST', `/candidate/interviews/${uuid}/accommodation_request`, { headers: auth, body: { message } });
    const seen = async () => (await candidate.request('GET', `/candidate/interviews/${uuid}`, { headers: auth })).body;
    return { created, uuid, auth, candidate, upload, request, seen, questionUuids: (created.questions as Array<{ uuid: string }>).map((q) => q.uuid) };
  }

  it('set on creation for every assignee: the questions render their effective limits, both views show the accommodations', async () => {
    const accommodations = { time_multiplier: 1.5, extra_takes: 2 };
    const created = await createInterview(
      company.api,
      interviewBody(company.job.uuid, {
        assigned_to: [
          { name: 'Ana One', email: seekerEmail('ana') },
          { name: 'Ben Two', email: seekerEmail('ben') },
          { name: 'Cy Three', email: seekerEmail('cy') },
        ],
        questions: [
          { text: 'Tell us about yourself.', time_limit: 60, takes: 1, think_time: '45' },
          { text: 'Anything else?', time_limit: 90 },
        ],
        accommodations,
      }),
    );
    expect(created).toHaveLength(3);
    for (const interview of created) {
      expectInterviewShape(interview, { questions: true });
      expect(interview.accommodations).toEqual({ time_multiplier: 1.5, unlimited_time: false, extra_takes: 2, audio_only: false });
      expect(interview.accommodation_requests).toEqual([]);
      // 60 × 1.5 = 90 s, think time 45 × 1.5 = 67.5 → 68 s; 1 + 2 takes; unlimited (-1) stays unlimited.
      expect(interview.questions.map((q: any) => ({ time_limit: q.time_limit, think_time: q.think_time, remaining: q.takes.remaining }))).toEqual([
        { time_limit: 90, think_time: '68', remaining: 3 },
        { time_limit: 135, think_time: '45', remaining: -1 },
      ]);
      expect(await getInterview(company.api, interview.uuid)).toEqual(interview);
    }
    await events.next(created[0].uuid, S.created);
    const auth = { authorization: `Bearer ${await t.candidateLinks.token(created[0].uuid)}` };
    const seen = (await new ApiClient(t.baseUrl, undefined).request('GET', `/candidate/interviews/${created[0].uuid}`, { headers: auth })).body;
    expect(seen.accommodations).toEqual({ time_multiplier: 1.5, unlimited_time: false, extra_takes: 2, audio_only: false });
    expect(seen).not.toHaveProperty('accommodation_requests');
    expect(seen.questions[0]).toMatchObject({ time_limit: 90, think_time: '68', takes: { completed: 0, remaining: 3, limit: 3 } });
    // The company's question endpoints show the same effective limits.
    const question = await company.api.get(`/interviews/${created[0].uuid}/questions/${created[0].questions[0].uuid}`);
    expect(question.body).toMatchObject({ time_limit: 90, think_time: '68', takes: { completed: 0, remaining: 3, limit: 3 } });

    // Without any: the defaults, limits as the questions have them.
    const plain = await createInterview(company.api, interviewBody(company.job.uuid));
    expect(plain.accommodations).toEqual({ time_multiplier: 1, unlimited_time: false, extra_takes: 0, audio_only: false });
    expect(plain.questions[0]).toMatchObject({ time_limit: 60, think_time: '30' });
  });

  it('unlimited_time: no time limit and no think time (null), and a take of any length is accepted', async () => {
    const { created, questionUuids, upload } = await acceptedInterview({ unlimited_time: true }, [{ text: 'Take your time.', time_limit: 30 }]);
    expect(created.questions[0]).toMatchObject({ time_limit: null, think_time: null });
    const stored = await upload(questionUuids[0], webmFile({ seconds: 75 }));
    expect(stored.status).toBe(201);
    expect(stored.body.duration_seconds).toBeGreaterThan(74);
  });

  it('out of range → 400 naming each field, and nothing is created', async () => {
    const before = await totalInterviews(company.api);
    for (const [accommodations, fields] of [
      [{ time_multiplier: 11 }, ['accommodations.time_multiplier']],
      [{ time_multiplier: 0.5, extra_takes: 11 }, ['accommodations.time_multiplier', 'accommodations.extra_takes']],
      [{ extra_takes: 1.5 }, ['accommodations.extra_takes']],
      [{ extra_takes: -1 }, ['accommodations.extra_takes']],
      [{ audio_only: 'yes' }, ['accommodations.audio_only']],
    ] as const) {
      const refused = await company.api.post('/interviews', interviewBody(company.job.uuid, { accommodations }));
      expectError(refused, 400, 'api.validation_failed');
      expect((refused.body.errors as Array<{ field: string }>).map((e) => e.field).sort()).toEqual([...fields].sort());
    }
    expect(await totalInterviews(company.api)).toBe(before);
  });

  it('PUT changes them while not completed (InterviewAccommodationsChanged, event and webhook); a completed interview refuses', async () => {
    const { uuid, candidate, auth, questionUuids } = await acceptedInterview(undefined, [{ text: 'Why us?', time_limit: 60, takes: 1 }]);
    const updated = await putInterview(company.api, uuid, { accommodations: { time_multiplier: 2, audio_only: true } });
    expect(updated.accommodations).toEqual({ time_multiplier: 2, unlimited_time: false, extra_takes: 0, audio_only: true });
    expect(updated.questions[0]).toMatchObject({ time_limit: 120, think_time: '60' });
    // Only the fields sent change.
    const again = await putInterview(company.api, uuid, { accommodations: { extra_takes: 1 } });
    expect(again.accommodations).toEqual({ time_multiplier: 2, unlimited_time: false, extra_takes: 1, audio_only: true });
    expect(again.questions[0].takes).toEqual({ completed: 0, remaining: 2 });

    const event = await events.next(uuid, S.changed);
    expect(event.payload.interview.accommodations).toEqual(updated.accommodations);
    await waitFor(() => receiver.of('InterviewAccommodationsChanged', uuid).length === 2, 10_000);
    const hook = receiver.of('InterviewAccommodationsChanged', uuid)[1];
    expect(hook.headers['x-service-payload']).toBe('Interview');
    expect(bodyOf(hook).accommodations).toEqual(again.accommodations);

    const invalid = await company.api.put(`/interviews/${uuid}`, { accommodations: { time_multiplier: 10.5 } });
    expectError(invalid, 400, 'api.validation_failed');
    expect(invalid.body.errors).toEqual([expect.objectContaining({ field: 'accommodations.time_multiplier' })]);
    expect((await getInterview(company.api, uuid)).accommodations).toEqual(again.accommodations);

    await candidate.request('POST', `/candidate/interviews/${uuid}/questions/${questionUuids[0]}/skip`, { headers: auth });
    expect((await candidate.request('POST', `/candidate/interviews/${uuid}/complete`, { headers: auth })).status).toBe(200);
    expectError(await company.api.put(`/interviews/${uuid}`, { accommodations: { extra_takes: 3 } }), 400, 'api.interview_already_completed');
    expect((await getInterview(company.api, uuid)).accommodations).toEqual(again.accommodations);
  });

  it('an 80-s take on a 60-s question: accepted with time_multiplier 1.5, refused without', async () => {
    const video = webmFile({ seconds: 80 });
    const slow = await acceptedInterview({ time_multiplier: 1.5 }, [{ text: 'Walk us through a project.', time_limit: 60 }]);
    const accepted = await slow.upload(slow.questionUuids[0], video);
    expect(accepted.status).toBe(201);
    expect(accepted.body).toMatchObject({ kind: 'video', content_type: 'video/webm' });
    expectRfc3339Timestamps(accepted.body);

    const plain = await acceptedInterview(undefined, [{ text: 'Walk us through a project.', time_limit: 60 }]);
    expectError(await plain.upload(plain.questionUuids[0], video), 400, 'api.take_too_long');
    expect((await plain.seen()).questions[0].takes.completed).toBe(0);
  });

  it('extra_takes: as many more takes on each question', async () => {
    const { upload, questionUuids, seen } = await acceptedInterview({ extra_takes: 1 }, [{ text: 'Say hello.', time_limit: 30, takes: 1 }]);
    expect((await upload(questionUuids[0], webmFile({ seconds: 3 }))).status).toBe(201);
    expect((await upload(questionUuids[0], webmFile({ seconds: 3 }))).status).toBe(201);
    expectError(await upload(questionUuids[0], webmFile({ seconds: 3 })), 403, 'api.question_takes_exhausted');
    expect((await seen()).questions[0].takes).toEqual({ completed: 2, remaining: 0, limit: 2 });
  });

  it('an audio-only take (audio track, no video track) is accepted only with audio_only, and renders kind audio', async () => {
    const audio = webmFile({ seconds: 6, video: false });
    const plain = await acceptedInterview(undefined, [{ text: 'Say hello.', time_limit: 30 }]);
    expectError(await plain.upload(plain.questionUuids[0], audio, 'audio/webm'), 400, 'api.take_not_video');
    expectError(await plain.upload(plain.questionUuids[0], audio, 'video/webm'), 400, 'api.take_not_video');

    const { uuid, upload, questionUuids, candidate, auth } = await acceptedInterview({ audio_only: true }, [{ text: 'Say hello.', time_limit: 30 }]);
    const stored = await upload(questionUuids[0], audio, 'audio/webm');
    expect(stored.status).toBe(201);
    expect(stored.body).toMatchObject({ kind: 'audio', content_type: 'audio/webm', size: audio.length });
    expect(stored.body.duration_seconds).toBeGreaterThan(5);
    // A video with sound is still welcome.
    expect((await upload(questionUuids[0], webmFile({ seconds: 3 }))).body).toMatchObject({ kind: 'video' });
    expect((await candidate.request('POST', `/candidate/interviews/${uuid}/complete`, { headers: auth })).status).toBe(200);
    const listed = await company.api.get(`/interviews/${uuid}/questions/${questionUuids[0]}/takes`);
    expect(listed.body.map((take: any) => take.kind)).toEqual(['audio', 'video']);
    const played = await fetch(`${t.baseUrl}/interviews/${uuid}/questions/${questionUuids[0]}/takes/${stored.body.uuid}/video`, {
      headers: { authorization: `Basic ${Buffer.from(`${company.apiKey}:`).toString('base64')}` },
    });
    expect(played.status).toBe(200);
    expect(played.headers.get('content-type')).toBe('audio/webm');
  });

  it("the candidate's request: 202, the creator and the administrators emailed, the webhook, shown to the company, at most 3 a day", async () => {
    const second = await company.api.post('/users', { name: 'Ada Admin', email: seekerEmail('ada-admin'), role: 'administrator' });
    expect(second.status).toBe(201);
    const standard = await company.api.post('/users', { name: 'Stu Standard', email: seekerEmail('stu-standard'), role: 'standard' });
    expect(standard.status).toBe(201);
    const { uuid, request, seen } = await acceptedInterview(undefined, [{ text: 'Why us?', time_limit: 60 }]);

    expectError(await request('   '), 400, 'api.validation_failed');
    expectError(await request('a'.repeat(2001)), 400, 'api.validation_failed');
    const control = await request('Please\u0007 more time');
    expectError(control, 400, 'api.validation_failed');
    expect(control.body.errors).toEqual([expect.objectContaining({ field: 'message' })]);

    const message = 'I use a screen reader: could I have twice the time?\nThank you.';
    const sent = await request(`  ${message}  `);
    expect(sent.status).toBe(202);
    expect(sent.body).toEqual({ message, requested_at: expect.stringMatching(/\+00:00$/) });

    // The creator (the first administrator) and the second administrator, once each; not the standard user.
    const creatorEmail = company.me.user.email as string;
    await waitFor(async () => (await requestMails(t.env.MAIL_DIR!)).length >= 2, 10_000);
    const mailed = await requestMails(t.env.MAIL_DIR!);
    expect(mailed.map((m) => m.to).sort()).toEqual([creatorEmail, second.body.email].sort());
    expect(mailed[0].text).toContain('Alex Access');
    expect(mailed[0].text).toContain(`/interview/${uuid}/watch`);

    await waitFor(() => receiver.of('AccommodationRequested').some((r) => bodyOf(r).interview?.uuid === uuid), 10_000);
    const hook = receiver.of('AccommodationRequested').find((r) => bodyOf(r).interview?.uuid === uuid)!;
    expect(hook.headers['x-service-payload']).toBe('AccommodationRequest');
    expect(bodyOf(hook)).toEqual({ interview: expect.objectContaining({ uuid }), message, requested_at: sent.body.requested_at });
    const event = await events.next(uuid, S.requested);
    expect(event.payload.accommodation_request).toEqual(sent.body);

    expect((await getInterview(company.api, uuid)).accommodation_requests).toEqual([sent.body]);
    expect(await seen()).not.toHaveProperty('accommodation_requests');

    expect((await request('Also captions, please.')).status).toBe(202);
    expect((await request('And audio only.')).status).toBe(202);
    const fourth = await request('One more?');
    expectError(fourth, 429, 'api.accommodation_requests_exhausted');
    const retryAfter = Number(fourth.headers.get('retry-after'));
    const nextMidnight = Math.ceil((Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate() + 1) - Date.now()) / 1000);
    expect(retryAfter).toBeGreaterThan(0);
    expect(Math.abs(retryAfter - nextMidnight)).toBeLessThanOrEqual(5);
    expect((await getInterview(company.api, uuid)).accommodation_requests.map((r: any) => r.message)).toEqual([
      message,
      'Also captions, please.',
      'And audio only.',
    ]);
  });
});
