import { randomUUID } from 'node:crypto';
import { waitFor } from '@vi/platform-testing';
import WebSocket from 'ws';
import { companyWithJob, createInterview, inFuture, liveBody, putInterview, seekerEmail } from '../interviews/interview-helpers';
import { SmtpInbox } from '../notifications/notification-helpers';
import { startTestSystem, type TestSystem } from '../support/test-system';
import { SignalingClient, signedInColleague } from './live-helpers';

/**
 * The live room against a hostile participant (issue 38): what one socket may send and what it may make the gateway
 * hold, a seat per person, and a right to be in the call that is judged again whenever it may have ended.
 */
describe('the live room holds against a hostile participant', () => {
  let t: TestSystem;
  let inbox: SmtpInbox;
  let company: Awaited<ReturnType<typeof companyWithJob>>;
  let interviewer: Awaited<ReturnType<typeof signedInColleague>>;
  const sockets: SignalingClient[] = [];
  const TURN_SECRET = 'a-secret-shared-with-coturn-for-this-test';

  const open = async (uuid: string, options: { cookie?: string } = {}) => {
    const socket = await SignalingClient.open(t.baseUrl, uuid, options);
    sockets.push(socket);
    return socket;
  };
  const liveInterview = async (name = 'Casey Candidate', api = company.api, jobUuid = company.job.uuid, email = seekerEmail('live')) => {
    const created = await createInterview(api, liveBody(jobUuid, { scheduled_at: inFuture(5 * 60_000), assigned_to: { name, email } }));
    return { uuid: created.uuid as string, token: await t.candidateLinks.token(created.uuid), email };
  };
  /** A candidate and the interviewer in the call, each welcomed and each knowing the other. */
  const inCall = async () => {
    const { uuid, token, email } = await liveInterview();
    const candidate = await open(uuid);
    candidate.join(token);
    await candidate.next('welcome');
    const panel = await open(uuid, { cookie: interviewer.cookie });
    panel.join();
    await panel.next('welcome');
    await candidate.next('peer-joined', (m) => m.peer.id === panel.id);
    return { uuid, token, email, candidate, panel };
  };

  beforeAll(async () => {
    inbox = await new SmtpInbox().start();
    const ice = { TURN_URLS: 'turn:127.0.0.1:3478?transport=udp', TURN_SECRET };
    t = await startTestSystem({ SMTP_URL: inbox.url, ...ice });
    company = await companyWithJob(t);
    interviewer = await signedInColleague(t, company, inbox, `interviewer.${Date.now()}@live.example`);
  });
  afterAll(async () => {
    sockets.forEach((socket) => socket.close());
    await t?.stop();
    await inbox?.close();
  });

  it('closes a socket that floods the room and reads nothing, and the gateway keeps no memory of what it sent', async () => {
    const { uuid, token, panel } = await inCall();
    const gc = (globalThis as { gc?: () => void }).gc!;
    gc();
    const before = process.memoryUsage();

    // A second page of the candidate (it takes the seat over: item 2) that stops reading its socket and sends 3,000
    // signals of 60 kB: to itself, to the interviewer, to nobody.
    const ws = new WebSocket(`${t.baseUrl.replace(/^http/, 'ws').replace(/\/v1\.0$/, '')}/v1.0/interviews/${uuid}/live`, { origin: new URL(t.baseUrl).origin });
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    const id = randomUUID();
    const received: any[] = [];
    ws.on('message', (data) => received.push(JSON.parse((data as Buffer).toString('utf8'))));
    let closed: number | undefined;
    ws.on('close', (code) => (closed = code));
    ws.on('error', () => undefined);
    ws.send(JSON.stringify({ type: 'join', id, instance: randomUUID(), token }));
    await waitFor(() => received.some((m) => m.type === 'welcome'), 10_000);
    (ws as unknown as { _socket: { pause(): void; resume(): void } })._socket.pause();
    const payload = 'x'.repeat(60_000);
    for (let i = 0; i < 3_000 && ws.readyState === ws.OPEN; i++) {
      const to = [id, panel.id, randomUUID()][i % 3];
      ws.send(JSON.stringify({ type: 'signal', to, data: { description: { type: 'offer', sdp: payload } } }));
      if (i % 50 === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    (ws as unknown as { _socket: { resume(): void } })._socket.resume();
    // The gateway closed it: with its refusal when the page reads again (4429), or cut when it would not (1006).
    await waitFor(() => closed !== undefined, 20_000);
    expect([4429, 1006]).toContain(closed);
    // The interviewer got at most the few signals the budget let through before the close: not 180 MB of them.
    expect(panel.all('signal').length).toBeLessThan(20);

    await waitFor(
      () => {
        gc();
        return process.memoryUsage().heapUsed - before.heapUsed < 32 * 1024 * 1024;
      },
      10_000,
      250,
    );
    // The room goes on: the interviewer's socket was not touched.
    expect(panel.closed).toBeUndefined();
  }, 120_000);

  it('gives a person one seat: four pages of one candidate token take one, the older ones told; the interviewer still gets in', async () => {
    const { uuid, token } = await liveInterview();
    const pages = [];
    for (let i = 0; i < 4; i++) {
      const page = await open(uuid);
      page.join(token);
      await page.next('welcome');
      pages.push(page);
    }
    for (const older of pages.slice(0, 3)) {
      expect(await older.next('refused')).toMatchObject({ code: 'api.live_call_joined_elsewhere' });
      expect((await older.closedWith()).code).toBe(4409);
    }
    const panel = await open(uuid, { cookie: interviewer.cookie });
    panel.join();
    const welcome = await panel.next('welcome');
    expect(welcome.peers.map((p: { id: string }) => p.id)).toEqual([pages[3].id]);
  });

  it('ends every socket of a call the company cancels, and its signals stop reaching anyone', async () => {
    const { uuid, candidate, panel } = await inCall();
    await putInterview(company.api, uuid, { status: 'canceled' });
    for (const socket of [candidate, panel]) {
      expect(await socket.next('refused')).toMatchObject({ code: 'api.interview_already_canceled' });
      expect((await socket.closedWith()).code).toBe(4400);
    }
  });

  it('ends the call for everyone when the interview is completed through the API, without anyone pressing End', async () => {
    const { uuid, candidate, panel } = await inCall();
    await putInterview(company.api, uuid, { status: 'completed' });
    for (const socket of [candidate, panel]) {
      await socket.next('ended');
      expect((await socket.closedWith()).code).toBe(1000);
    }
  });

  it('ends the sockets when the interview is moved so that its window no longer includes now; TURN credentials last no longer than the window', async () => {
    const { uuid, token } = await liveInterview();
    const candidate = await open(uuid);
    candidate.join(token);
    const welcome = await candidate.next('welcome');
    const [turn] = welcome.iceServers;
    expect(Number(String(turn.username).split(':')[0]) * 1000).toBeLessThanOrEqual(Date.parse(welcome.closesAt));
    expect((await company.api.put(`/interviews/${uuid}`, { scheduled_at: inFuture(2 * 86_400_000) })).status).toBe(201);
    expect(await candidate.next('refused')).toMatchObject({ code: 'api.interview_join_not_open' });
    expect((await candidate.closedWith()).code).toBe(4400);
  });

  it('ends the socket of a deleted company user and of an erased job seeker', async () => {
    const { email, candidate, panel } = await inCall();
    expect((await company.api.delete(`/users/${interviewer.user.uuid}`)).status).toBe(204);
    expect(await panel.next('refused')).toMatchObject({ code: 'api.key_not_set' });
    expect((await panel.closedWith()).code).toBe(4401);

    await t.operator.eraseJobSeeker(email);
    expect(await candidate.next('refused')).toMatchObject({ code: 'api.candidate_token_invalid' });
    expect((await candidate.closedWith()).code).toBe(4401);
    // The colleague is gone for the next tests: a new one.
    interviewer = await signedInColleague(t, company, inbox, `interviewer.${Date.now()}@live.example`);
  });

  it('sends a newcomer its welcome before anything the others say to it (a first offer before it was dropped, and the call never began)', async () => {
    const { uuid, token } = await liveInterview();
    const candidate = await open(uuid);
    candidate.join(token);
    await candidate.next('welcome');
    // The candidate's page offers the moment it hears of the interviewer.
    candidate.onMessage((m) => {
      if (m.type === 'peer-joined') candidate.send({ type: 'signal', to: m.peer.id, data: { description: { type: 'offer', sdp: 'v=0' } } });
    });
    const panel = await open(uuid, { cookie: interviewer.cookie });
    panel.join();
    await panel.next('signal');
    expect(panel.messages.map((m) => m.type)).toEqual(['welcome', 'signal']);
  });

  it('refuses an upgrade whose Origin is the host under another scheme', async () => {
    const { uuid } = await liveInterview();
    const origin = new URL(t.baseUrl).origin.replace(/^http:/, 'https:');
    await expect(SignalingClient.open(t.baseUrl, uuid, { origin })).rejects.toMatchObject({ status: 403 });
  });

  it('shows the candidate in the call by the name this company gave them, not another company’s', async () => {
    const email = seekerEmail('named');
    const alpha = await companyWithJob(t);
    await liveInterview('Alpha Name', alpha.api, alpha.job.uuid, email);
    const { uuid, token } = await liveInterview('Bravo Name', company.api, company.job.uuid, email);
    const candidate = await open(uuid);
    candidate.join(token);
    expect((await candidate.next('welcome')).self).toMatchObject({ name: 'Bravo Name', role: 'candidate' });
    const panel = await open(uuid, { cookie: interviewer.cookie });
    panel.join();
    expect((await panel.next('welcome')).peers).toEqual([expect.objectContaining({ name: 'Bravo Name' })]);
  });
});
