import { connectEventBus, NatsJetStreamBus, type EventBus } from '@vi/platform-bus';
import { createLogger } from '@vi/platform-logger';
import { loadGatewayConfig } from '../../apps/gateway/src/config';
import { startGateway, type RunningGateway } from '../../apps/gateway/src/composition-root';
import { companyWithJob, createInterview, inFuture, liveBody, putInterview, seekerEmail } from '../interviews/interview-helpers';
import { SmtpInbox } from '../notifications/notification-helpers';
import { startTestSystem, type TestSystem } from '../support/test-system';
import { SignalingClient, signedInColleague } from './live-helpers';

/**
 * The live call's signaling as the room page speaks it (decision 039), over two gateway replicas: who gets in,
 * what each side hears of the other, and every refusal. The browsers' media is the browser specs' (e2e/web).
 */
describe('live call signaling across two gateway replicas', () => {
  let t: TestSystem;
  let inbox: SmtpInbox;
  let replica: RunningGateway;
  let replicaBus: EventBus;
  let company: Awaited<ReturnType<typeof companyWithJob>>;
  let interviewer: Awaited<ReturnType<typeof signedInColleague>>;
  const sockets: SignalingClient[] = [];
  const TURN_SECRET = 'a-secret-shared-with-coturn-for-this-test';
  const replicaUrl = () => `http://127.0.0.1:${replica.port}`;
  const open = async (gateway: string, uuid: string, options: { cookie?: string; origin?: string } = {}) => {
    const socket = await SignalingClient.open(gateway, uuid, options);
    sockets.push(socket);
    return socket;
  };
  const liveInterview = async (minutesAhead = 5, name = 'Casey Candidate') => {
    const created = await createInterview(
      company.api,
      liveBody(company.job.uuid, { scheduled_at: inFuture(minutesAhead * 60_000), assigned_to: { name, email: seekerEmail('live') } }),
    );
    return { uuid: created.uuid as string, token: await t.candidateLinks.token(created.uuid) };
  };

  beforeAll(async () => {
    inbox = await new SmtpInbox().start();
    const ice = { TURN_URLS: 'turn:127.0.0.1:3478?transport=udp', TURN_SECRET, STUN_URLS: 'stun:127.0.0.1:3478' };
    t = await startTestSystem({ SMTP_URL: inbox.url, ...ice });
    const config = loadGatewayConfig(t.serviceEnv(ice));
    // A second replica with its own bus connection when NATS is used, as in a cluster.
    replicaBus = t.system.bus instanceof NatsJetStreamBus ? await connectEventBus({ ...config.bus, logger: createLogger('replica', 'silent') }) : t.system.bus;
    replica = await startGateway(config, { bus: replicaBus, logger: createLogger('replica', 'silent'), rateLimitPrefix: t.env.EVENT_STREAM });
    company = await companyWithJob(t);
    interviewer = await signedInColleague(t, company, inbox, `interviewer.${Date.now()}@live.example`);
  });
  afterAll(async () => {
    sockets.forEach((socket) => socket.close());
    await replica?.stop();
    if (replicaBus !== t?.system.bus) await replicaBus?.close();
    await t?.stop();
    await inbox?.close();
  });

  it('the candidate (token in the first message) on one replica and an interviewer (session) on the other meet, signal, see each other’s state, and the end', async () => {
    const { uuid, token } = await liveInterview();
    const candidate = await open(t.baseUrl, uuid);
    candidate.join(token);
    const candidateWelcome = await candidate.next('welcome');
    expect(candidateWelcome).toMatchObject({ self: { id: candidate.id, name: 'Casey Candidate', role: 'candidate' }, peers: [], recording: false });
    // TURN credentials of the REST API scheme, for this participant only, expiring in the future.
    const [stun, turn] = candidateWelcome.iceServers;
    expect(stun).toEqual({ urls: ['stun:127.0.0.1:3478'] });
    expect(turn.username).toMatch(new RegExp(`^\\d+:${candidate.id}$`));
    expect(Number(turn.username.split(':')[0]) * 1000).toBeGreaterThan(Date.now());

    const panel = await open(replicaUrl(), uuid, { cookie: interviewer.cookie });
    panel.join();
    const panelWelcome = await panel.next('welcome');
    expect(panelWelcome.self).toMatchObject({ name: 'Colleague Person', role: 'interviewer' });
    // The candidate is in the welcome, or, when the candidate's join reached this replica over the bus only after the
    // panel's join (a loaded machine, 2026-11-28), announced right after it: either way the panel learns of them.
    const candidateSeen =
      panelWelcome.peers.find((peer: { id: string }) => peer.id === candidate.id) ?? (await panel.next('peer-joined', (m) => m.peer.id === candidate.id)).peer;
    expect(candidateSeen).toMatchObject({ id: candidate.id, name: 'Casey Candidate', role: 'candidate' });
    expect(panelWelcome.peers.filter((peer: { id: string }) => peer.id !== candidate.id)).toEqual([]);
    expect((await candidate.next('peer-joined')).peer).toMatchObject({ id: panel.id, role: 'interviewer' });

    panel.send({ type: 'signal', to: candidate.id, data: { description: { type: 'offer', sdp: 'v=0' } } });
    expect(await candidate.next('signal')).toEqual({ type: 'signal', from: panel.id, data: { description: { type: 'offer', sdp: 'v=0' } } });
    candidate.send({ type: 'state', audio: false, video: true, screen: true });
    expect(await panel.next('state')).toEqual({ type: 'state', from: candidate.id, audio: false, video: true, screen: true });
    // Only interviewers record and end: the candidate's claims are dropped.
    candidate.send({ type: 'recording', active: true });
    panel.send({ type: 'recording', active: true });
    expect(await candidate.next('recording')).toEqual({ type: 'recording', active: true, by: panel.id });
    expect(panel.messages.filter((m) => m.type === 'recording')).toHaveLength(1);

    // A page that drops its socket and comes back with the same id resumes without the others seeing it leave.
    candidate.close();
    const back = await open(t.baseUrl, uuid);
    back.send({ type: 'join', id: candidate.id, instance: candidate.instance, token });
    expect((await back.next('welcome')).peers).toEqual([expect.objectContaining({ id: panel.id })]);
    expect(panel.messages.filter((m) => m.type === 'peer-left')).toEqual([]);

    expect((await putInterview(company.api, uuid, { status: 'completed' })).status).toBe('completed');
    panel.send({ type: 'ended' });
    await back.next('ended');
    expect((await back.closedWith()).code).toBe(1000);
  });

  it('takes at most four participants, and tells the others at once when one leaves on purpose', async () => {
    const { uuid, token } = await liveInterview();
    const members = [
      await open(t.baseUrl, uuid),
      await open(replicaUrl(), uuid, { cookie: interviewer.cookie }),
      await open(t.baseUrl, uuid, { cookie: interviewer.cookie }),
      await open(replicaUrl(), uuid, { cookie: interviewer.cookie }),
    ];
    members[0].join(token);
    for (const member of members.slice(1)) member.join();
    for (const member of members) await member.next('welcome');
    await members[0].next('peer-joined', (m) => m.peer.id === members[3].id);

    const fifth = await open(t.baseUrl, uuid, { cookie: interviewer.cookie });
    fifth.join();
    expect(await fifth.next('refused')).toMatchObject({ code: 'api.live_call_full' });
    expect((await fifth.closedWith()).code).toBe(4409);

    members[3].send({ type: 'leave' });
    expect(await members[0].next('peer-left')).toEqual({ type: 'peer-left', id: members[3].id });
  });

  it('refuses, each with its code: a foreign Origin, no credential, another interview’s token, another company’s user, a canceled or completed interview, too early', async () => {
    const { uuid, token } = await liveInterview();
    const other = await liveInterview();
    await expect(SignalingClient.open(t.baseUrl, uuid, { origin: 'https://evil.example' })).rejects.toMatchObject({ status: 403 });

    const refusalOf = async (interviewUuid: string, join: (socket: SignalingClient) => void, cookie?: string) => {
      const socket = await open(t.baseUrl, interviewUuid, { cookie });
      join(socket);
      const refused = await socket.next('refused');
      return [refused.code, (await socket.closedWith()).code];
    };
    expect(await refusalOf(uuid, (s) => s.join())).toEqual(['api.key_not_set', 4401]);
    expect(await refusalOf(uuid, (s) => s.join(other.token))).toEqual(['api.interview_not_found', 4404]);
    expect(await refusalOf(uuid, (s) => s.join('not-a-token'))).toEqual(['api.candidate_token_invalid', 4401]);
    const stranger = await companyWithJob(t);
    const strangerUser = await signedInColleague(t, stranger, inbox, `stranger.${Date.now()}@live.example`);
    expect(await refusalOf(uuid, (s) => s.join(), strangerUser.cookie)).toEqual(['api.interview_not_found', 4404]);

    const early = await liveInterview(60);
    expect(await refusalOf(early.uuid, (s) => s.join(early.token))).toEqual(['api.interview_join_not_open', 4400]);
    await putInterview(company.api, other.uuid, { status: 'canceled' });
    expect(await refusalOf(other.uuid, (s) => s.join(other.token))).toEqual(['api.interview_already_canceled', 4400]);
    await putInterview(company.api, uuid, { status: 'completed' });
    expect(await refusalOf(uuid, (s) => s.join(token))).toEqual(['api.interview_already_completed', 4400]);
  });
});
