import { randomUUID } from 'node:crypto';
import { connectEventBus, NatsJetStreamBus, type EventBus } from '@vi/platform-bus';
import { createLogger } from '@vi/platform-logger';
import { waitFor } from '@vi/platform-testing';
import { loadGatewayConfig } from '../../apps/gateway/src/config';
import { startGateway, type RunningGateway } from '../../apps/gateway/src/composition-root';
import { companyWithJob, createInterview, inFuture, liveBody, putInterview, seekerEmail } from '../interviews/interview-helpers';
import { SmtpInbox } from '../notifications/notification-helpers';
import { startTestSystem, type TestSystem } from '../support/test-system';
import { SignalingClient, signedInColleague } from './live-helpers';

/**
 * The live call's signaling as the room page speaks it (decision 039), in the three shapes a pair of participants meets:
 * one gateway (the embedded single process's, and any deployment of one replica), two replicas with both on the same
 * one (what a load balancer does to about half the pairs), and two replicas with one on each: who gets in, what each
 * side hears of the other, and every refusal. The browsers' media is the browser specs' (e2e/web).
 */
interface Shape {
  name: string;
  /** Whether a second gateway replica runs beside the system's own. */
  replica: boolean;
  /** The gateway the i-th participant joins through (the candidate is the 0th), given the system's and the replica's. */
  gatewayOf: (i: number, own: string, replica: string) => string;
}
const SHAPES: Shape[] = [
  { name: 'one gateway', replica: false, gatewayOf: (_i, own) => own },
  { name: 'two replicas, everyone on the same one', replica: true, gatewayOf: (_i, _own, replica) => replica },
  { name: 'two replicas, the candidate on one and the interviewer on the other', replica: true, gatewayOf: (i, own, replica) => (i % 2 === 0 ? own : replica) },
];

describe('live call signaling', () => {
  let t: TestSystem;
  let inbox: SmtpInbox;
  let company: Awaited<ReturnType<typeof companyWithJob>>;
  let interviewer: Awaited<ReturnType<typeof signedInColleague>>;
  const sockets: SignalingClient[] = [];
  const TURN_SECRET = 'a-secret-shared-with-coturn-for-this-test';
  const ice = { TURN_URLS: 'turn:127.0.0.1:3478?transport=udp', TURN_SECRET, STUN_URLS: 'stun:127.0.0.1:3478' };
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
    t = await startTestSystem({ SMTP_URL: inbox.url, ...ice });
    company = await companyWithJob(t);
    interviewer = await signedInColleague(t, company, inbox, `interviewer.${Date.now()}@live.example`);
  });
  afterAll(async () => {
    sockets.forEach((socket) => socket.close());
    await t?.stop();
    await inbox?.close();
  });

  describe.each(SHAPES)('over $name', (shape) => {
    let replica: RunningGateway | undefined;
    let replicaBus: EventBus | undefined;
    const gateway = (i: number) => shape.gatewayOf(i, t.baseUrl, replica ? `http://127.0.0.1:${replica.port}` : t.baseUrl);

    beforeAll(async () => {
      if (!shape.replica) return;
      const config = loadGatewayConfig(t.serviceEnv(ice));
      // A second replica with its own bus connection when NATS is used, as in a cluster.
      replicaBus =
        t.system.bus instanceof NatsJetStreamBus ? await connectEventBus({ ...config.bus, logger: createLogger('replica', 'silent') }) : t.system.bus;
      replica = await startGateway(config, { bus: replicaBus, logger: createLogger('replica', 'silent'), rateLimitPrefix: t.env.EVENT_STREAM });
    });
    afterAll(async () => {
      sockets.splice(0).forEach((socket) => socket.close());
      await replica?.stop();
      if (replicaBus !== t?.system.bus) await replicaBus?.close();
    });

    it.each(['the candidate', 'the interviewer'])(
      '%s joining first (the candidate with the token in the first message, an interviewer with a session): both meet, signal, see each other’s state, and the end',
      async (first) => {
        const { uuid, token } = await liveInterview();
        const candidateGateway = gateway(0);
        const candidate = await open(candidateGateway, uuid);
        const panel = await open(gateway(1), uuid, { cookie: interviewer.cookie });
        const [early, late] = first === 'the candidate' ? [candidate, panel] : [panel, candidate];
        const join = (socket: SignalingClient) => (socket === candidate ? candidate.join(token) : panel.join());

        join(early);
        const earlyWelcome = await early.next('welcome');
        expect(earlyWelcome.peers).toEqual([]);
        join(late);
        const lateWelcome = await late.next('welcome');
        const [candidateWelcome, panelWelcome] = early === candidate ? [earlyWelcome, lateWelcome] : [lateWelcome, earlyWelcome];
        expect(candidateWelcome).toMatchObject({ self: { id: candidate.id, name: 'Casey Candidate', role: 'candidate' }, recording: false });
        expect(panelWelcome.self).toMatchObject({ name: 'Colleague Person', role: 'interviewer' });
        // TURN credentials of the REST API scheme, for this participant only, expiring in the future.
        const [stun, turn] = candidateWelcome.iceServers;
        expect(stun).toEqual({ urls: ['stun:127.0.0.1:3478'] });
        expect(turn.username).toMatch(new RegExp(`^\\d+:${candidate.id}$`));
        expect(Number(String(turn.username).split(':')[0]) * 1000).toBeGreaterThan(Date.now());

        // The one who joined second finds the first in its welcome, or, when the first's join reached its replica
        // over the bus only after its own (a loaded machine, 2026-11-28), announced right after it; the first is told
        // of the second (issue 37: on one replica the first heard nothing, and the call never began).
        const earlySeen =
          lateWelcome.peers.find((peer: { id: string }) => peer.id === early.id) ?? (await late.next('peer-joined', (m) => m.peer.id === early.id)).peer;
        expect(earlySeen).toMatchObject(
          early === candidate ? { id: candidate.id, name: 'Casey Candidate', role: 'candidate' } : { id: panel.id, role: 'interviewer' },
        );
        expect(lateWelcome.peers.filter((peer: { id: string }) => peer.id !== early.id)).toEqual([]);
        expect((await early.next('peer-joined')).peer).toMatchObject(
          early === candidate ? { id: panel.id, name: 'Colleague Person', role: 'interviewer' } : { id: candidate.id, role: 'candidate' },
        );

        panel.send({ type: 'signal', to: candidate.id, data: { description: { type: 'offer', sdp: 'v=0' } } });
        expect(await candidate.next('signal')).toEqual({ type: 'signal', from: panel.id, data: { description: { type: 'offer', sdp: 'v=0' } } });
        candidate.send({ type: 'signal', to: panel.id, data: { description: { type: 'answer', sdp: 'v=0' } } });
        expect(await panel.next('signal')).toEqual({ type: 'signal', from: candidate.id, data: { description: { type: 'answer', sdp: 'v=0' } } });
        candidate.send({ type: 'state', audio: false, video: true, screen: true });
        expect(await panel.next('state')).toEqual({ type: 'state', from: candidate.id, audio: false, video: true, screen: true });
        // Only interviewers record and end: the candidate's claims are dropped.
        candidate.send({ type: 'recording', active: true });
        panel.send({ type: 'recording', active: true });
        expect(await candidate.next('recording')).toEqual({ type: 'recording', active: true, by: panel.id });
        expect(panel.all('recording')).toHaveLength(1);

        // A page that drops its socket and comes back with the same id resumes without the others seeing it leave.
        candidate.close();
        const back = await open(candidateGateway, uuid);
        back.send({ type: 'join', id: candidate.id, instance: candidate.instance, token });
        expect((await back.next('welcome')).peers).toEqual([expect.objectContaining({ id: panel.id })]);
        expect(panel.all('peer-left')).toEqual([]);

        expect((await putInterview(company.api, uuid, { status: 'completed' })).status).toBe('completed');
        panel.send({ type: 'ended' });
        await back.next('ended');
        expect((await back.closedWith()).code).toBe(1000);
      },
    );

    it('takes at most four participants, each told of every other, and tells the others at once when one leaves on purpose', async () => {
      const { uuid, token } = await liveInterview();
      // Four people: a seat is a person's (issue 38), so each interviewer is a colleague of their own.
      const colleague = async (name: string) => (await signedInColleague(t, company, inbox, `${name}.${randomUUID()}@live.example`)).cookie;
      const members = [
        await open(gateway(0), uuid),
        await open(gateway(1), uuid, { cookie: interviewer.cookie }),
        await open(gateway(2), uuid, { cookie: await colleague('second') }),
        await open(gateway(3), uuid, { cookie: await colleague('third') }),
      ];
      members[0].join(token);
      for (const member of members.slice(1)) member.join();
      for (const member of members) await member.next('welcome');
      // Each knows the three others, from its welcome or a peer-joined.
      for (const member of members) {
        for (const other of members.filter((m) => m !== member)) {
          await waitFor(
            () =>
              member.messages.some(
                (m) =>
                  (m.type === 'welcome' && m.peers.some((peer: { id: string }) => peer.id === other.id)) ||
                  (m.type === 'peer-joined' && m.peer.id === other.id),
              ),
            10_000,
          );
        }
      }

      const fifth = await open(gateway(4), uuid, { cookie: await colleague('fifth') });
      fifth.join();
      expect(await fifth.next('refused')).toMatchObject({ code: 'api.live_call_full' });
      expect((await fifth.closedWith()).code).toBe(4409);

      members[3].send({ type: 'leave' });
      expect(await members[0].next('peer-left')).toEqual({ type: 'peer-left', id: members[3].id });
    });
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
