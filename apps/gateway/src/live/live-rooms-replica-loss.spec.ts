import { randomUUID } from 'node:crypto';
import { InProcessBus } from '@vi/platform-bus';
import type { LiveRole, PeerView } from '@vi/contracts';
import { FakeSocket } from './fake-live-socket';
import { LiveRooms } from './live-rooms';

/**
 * The rooms when a gateway replica dies mid-call (kill -9, a node lost: it tells nobody) or a participant's socket
 * moves from one live replica to another (a load balancer's choice after a drop), on one bus as in a cluster.
 */

const HEARTBEAT_MS = 20;
const GRACE_MS = 30;
/** Transient messages are delivered after the sender's turn (as NATS would): let them all arrive. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));
/**
 * Time passes on jest's fake clock (timers and Date.now), a quarter of a heartbeat at a time with every message
 * delivered in between, so a loaded machine's late timers cannot make a live replica look dead (decision 049:
 * the tiers below e2e do not wait for real time).
 */
const pass = async (ms: number) => {
  for (let passed = 0; passed < ms; passed += HEARTBEAT_MS / 4) {
    await jest.advanceTimersByTimeAsync(HEARTBEAT_MS / 4);
    await settle();
  }
};

function view(role: LiveRole, name: string): PeerView & { userUuid: string } {
  return { id: randomUUID(), instance: randomUUID(), name, role, audio: true, video: true, screen: false, userUuid: randomUUID() };
}

describe('LiveRooms when a replica dies or a socket moves between replicas', () => {
  const interview = randomUUID();
  let bus: InProcessBus;
  let replicas: LiveRooms[];

  beforeEach(async () => {
    // setImmediate stays real: settle() lets delivered messages run between two steps of the fake clock.
    jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask'] });
    bus = new InProcessBus();
    replicas = [];
    for (let i = 0; i < 2; i++) replicas.push(await new LiveRooms(bus, { leaveGraceMs: GRACE_MS, heartbeatMs: HEARTBEAT_MS }).start());
  });
  afterEach(async () => {
    for (const rooms of replicas) await rooms.close();
    await bus.close();
    jest.useRealTimers();
  });

  const join = async (who: PeerView & { userUuid: string }, rooms: LiveRooms) => {
    const socket = new FakeSocket();
    const outcome = rooms.join(interview, who, socket);
    await settle();
    return { view: who, socket, outcome };
  };
  /** The replica stops at once and says nothing (its sockets are gone with it). */
  const kill = async (rooms: LiveRooms) => {
    replicas.splice(replicas.indexOf(rooms), 1);
    await rooms.close();
  };

  it('keeps the call quiet when the candidate comes back through the other replica after theirs died, and keeps them there', async () => {
    const [a, b] = replicas;
    const candidate = await join(view('candidate', 'Casey'), a);
    const interviewer = await join(view('interviewer', 'Ines'), b);
    await kill(a);

    const back = await join(candidate.view, b);
    expect(back.outcome).toMatchObject({ admitted: true, peers: [expect.objectContaining({ id: interviewer.view.id })] });
    // Many heartbeats later, still two, and the interviewer heard of nothing.
    await pass(HEARTBEAT_MS * 8);
    expect(b.size(interview)).toBe(2);
    expect(interviewer.socket.of('peer-joined')).toEqual([]);
    expect(interviewer.socket.of('peer-left')).toEqual([]);
    expect(back.socket.of('peer-left')).toEqual([]);
  });

  it('tells the others a participant left when their replica died and they did not come back within three heartbeats', async () => {
    const [a, b] = replicas;
    const candidate = await join(view('candidate', 'Casey'), a);
    const interviewer = await join(view('interviewer', 'Ines'), b);
    // Alive, the replicas' heartbeats keep both in both rosters.
    await pass(HEARTBEAT_MS * 5);
    expect(interviewer.socket.of('peer-left')).toEqual([]);
    expect(b.size(interview)).toBe(2);

    await kill(a);
    await pass(HEARTBEAT_MS * 6);
    expect(interviewer.socket.of('peer-left')).toEqual([{ type: 'peer-left', id: candidate.view.id }]);
    expect(b.size(interview)).toBe(1);
  });

  it('stops showing a recording whose interviewer went with their replica', async () => {
    const [a, b] = replicas;
    const interviewer = await join(view('interviewer', 'Ines'), a);
    await join(view('candidate', 'Casey'), b);
    a.relay(interview, interviewer.view, { type: 'recording', active: true });
    await settle();
    expect((await join(view('interviewer', 'Ivo'), b)).outcome).toMatchObject({ recording: true });

    await kill(a);
    await pass(HEARTBEAT_MS * 6);
    expect((await join(view('interviewer', 'Ida'), b)).outcome).toMatchObject({ recording: false });
  });

  it('does not announce as left a socket that dropped on one live replica and came back through the other', async () => {
    const [a, b] = replicas;
    const candidate = await join(view('candidate', 'Casey'), a);
    const interviewer = await join(view('interviewer', 'Ines'), a);
    a.disconnected(interview, candidate.view.id, candidate.socket, false);
    const moved = await join(candidate.view, b);
    // Past the grace on the replica it left, and a few heartbeats.
    await pass(GRACE_MS + HEARTBEAT_MS * 6);
    expect(interviewer.socket.of('peer-left')).toEqual([]);
    expect(interviewer.socket.of('peer-joined')).toEqual([]);
    expect(replicas.map((r) => r.size(interview))).toEqual([2, 2]);
    // And it is carried where it is now: a signal from the interviewer reaches it.
    a.relay(interview, interviewer.view, { type: 'signal', to: candidate.view.id, data: { candidate: null } });
    await settle();
    expect(moved.socket.of('signal')).toEqual([{ type: 'signal', from: interviewer.view.id, data: { candidate: null } }]);
  });

  it('closes the stale socket of a page that came back through another replica before the first one noticed the drop', async () => {
    const [a, b] = replicas;
    const candidate = await join(view('candidate', 'Casey'), a);
    const interviewer = await join(view('interviewer', 'Ines'), a);
    // The candidate's network changed: its old socket on a is half-open, a new one goes through b.
    const moved = await join(candidate.view, b);
    expect(candidate.socket.closed).toEqual({ code: 4409, reason: 'replaced by a new connection' });
    // When a finally sees the old socket close, nobody hears the candidate left.
    a.disconnected(interview, candidate.view.id, candidate.socket, false);
    await pass(GRACE_MS + HEARTBEAT_MS * 6);
    expect(interviewer.socket.of('peer-left')).toEqual([]);
    a.relay(interview, interviewer.view, { type: 'signal', to: candidate.view.id, data: { candidate: null } });
    await settle();
    expect(moved.socket.of('signal')).toEqual([{ type: 'signal', from: interviewer.view.id, data: { candidate: null } }]);
  });
});
