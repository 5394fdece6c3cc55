import { randomUUID } from 'node:crypto';
import { InProcessBus } from '@vi/platform-bus';
import { GatewayErrorCode } from '../http/gateway.errors';
import type { LiveRole, PeerView } from '@vi/contracts';
import { FakeSocket } from './fake-live-socket';
import { LiveRooms } from './live-rooms';

/**
 * The rooms as the gateway holds them, on the in-process bus of `npm start`: one replica first (the shape every user
 * of the default meets), then two replicas on one bus with participants on the same one and on different ones.
 */

interface Person {
  view: PeerView & { userUuid: string };
  socket: FakeSocket;
  rooms: LiveRooms;
}

/** Transient messages are delivered after the sender's turn (as NATS would): let them all arrive. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

function person(role: LiveRole, name: string): Omit<Person, 'rooms' | 'socket'> {
  return { view: { id: randomUUID(), instance: randomUUID(), name, role, audio: true, video: true, screen: false, userUuid: randomUUID() } };
}

describe('LiveRooms', () => {
  const interview = randomUUID();
  let bus: InProcessBus;
  let replicas: LiveRooms[];

  const start = async (count: number) => {
    bus = new InProcessBus();
    replicas = [];
    for (let i = 0; i < count; i++) replicas.push(await new LiveRooms(bus, { leaveGraceMs: 20 }).start());
    return replicas;
  };
  afterEach(async () => {
    for (const rooms of replicas) await rooms.close();
    await bus.close();
  });

  const join = async (who: Omit<Person, 'rooms' | 'socket'>, rooms: LiveRooms) => {
    const socket = new FakeSocket();
    const outcome = rooms.join(interview, who.view, socket);
    await settle();
    return { ...who, socket, rooms, outcome };
  };
  const peerJoinedIds = (socket: FakeSocket) => socket.of('peer-joined').map((m) => m.peer.id);

  describe('on one replica (npm start, or a deployment with one gateway)', () => {
    it('tells a candidate waiting alone that the interviewer joined, and the interviewer finds the candidate in the welcome', async () => {
      const [gateway] = await start(1);
      const candidate = await join(person('candidate', 'Casey'), gateway);
      expect(candidate.outcome).toEqual({ admitted: true, peers: [], recording: false });
      const interviewer = await join(person('interviewer', 'Ines'), gateway);
      expect(interviewer.outcome).toMatchObject({ admitted: true, peers: [expect.objectContaining({ id: candidate.view.id, role: 'candidate' })] });
      expect(candidate.socket.of('peer-joined')).toEqual([
        {
          type: 'peer-joined',
          peer: { id: interviewer.view.id, instance: interviewer.view.instance, name: 'Ines', role: 'interviewer', audio: true, video: true, screen: false },
        },
      ]);
      // Nobody is introduced to themselves.
      expect(interviewer.socket.of('peer-joined')).toEqual([]);
    });

    it('tells an interviewer waiting alone that the candidate joined', async () => {
      const [gateway] = await start(1);
      const interviewer = await join(person('interviewer', 'Ines'), gateway);
      const candidate = await join(person('candidate', 'Casey'), gateway);
      expect(peerJoinedIds(interviewer.socket)).toEqual([candidate.view.id]);
      expect(candidate.outcome).toMatchObject({ peers: [expect.objectContaining({ id: interviewer.view.id })] });
    });

    it('introduces each of up to four participants to everyone before them, and refuses a fifth', async () => {
      const [gateway] = await start(1);
      const people: Array<Awaited<ReturnType<typeof join>>> = [];
      for (const [role, name] of [
        ['candidate', 'Casey'],
        ['interviewer', 'Ines'],
        ['interviewer', 'Ivo'],
        ['interviewer', 'Ida'],
      ] as const) {
        people.push(await join(person(role, name), gateway));
      }
      people.forEach((p, i) => {
        expect(peerJoinedIds(p.socket)).toEqual(people.slice(i + 1).map((later) => later.view.id));
        expect(p.outcome).toMatchObject({ admitted: true, peers: people.slice(0, i).map((earlier) => expect.objectContaining({ id: earlier.view.id })) });
      });
      const fifth = await join(person('interviewer', 'Fifi'), gateway);
      expect(fifth.outcome).toEqual({ admitted: false, reason: 'full' });
      expect(people.every((p) => !peerJoinedIds(p.socket).includes(fifth.view.id))).toBe(true);
    });

    it('carries signals and state between neighbours on the replica', async () => {
      const [gateway] = await start(1);
      const candidate = await join(person('candidate', 'Casey'), gateway);
      const interviewer = await join(person('interviewer', 'Ines'), gateway);
      gateway.relay(interview, interviewer.view, { type: 'signal', to: candidate.view.id, data: { description: { type: 'offer', sdp: 'v=0' } } });
      gateway.relay(interview, candidate.view, { type: 'state', audio: false, video: true, screen: false });
      await settle();
      expect(candidate.socket.of('signal')).toEqual([{ type: 'signal', from: interviewer.view.id, data: { description: { type: 'offer', sdp: 'v=0' } } }]);
      expect(interviewer.socket.of('state')).toEqual([{ type: 'state', from: candidate.view.id, audio: false, video: true, screen: false }]);
    });

    it('shows a shared screen to the others at once and to whoever joins while it is shared, until it stops', async () => {
      const [gateway] = await start(1);
      const interviewer = await join(person('interviewer', 'Ines'), gateway);
      const candidate = await join(person('candidate', 'Casey'), gateway);
      gateway.relay(interview, interviewer.view, { type: 'state', audio: true, video: true, screen: true });
      await settle();
      expect(candidate.socket.of('state')).toEqual([{ type: 'state', from: interviewer.view.id, audio: true, video: true, screen: true }]);
      const colleague = await join(person('interviewer', 'Ivo'), gateway);
      expect(colleague.outcome).toMatchObject({ peers: expect.arrayContaining([expect.objectContaining({ id: interviewer.view.id, screen: true })]) });
      gateway.relay(interview, interviewer.view, { type: 'state', audio: true, video: true, screen: false });
      await settle();
      expect(colleague.socket.of('state')).toEqual([{ type: 'state', from: interviewer.view.id, audio: true, video: true, screen: false }]);
      const late = await join(person('interviewer', 'Ida'), gateway);
      expect(late.outcome).toMatchObject({ peers: expect.arrayContaining([expect.objectContaining({ id: interviewer.view.id, screen: false })]) });
    });

    it('tells the others when one leaves on purpose, and introduces them again when they rejoin', async () => {
      const [gateway] = await start(1);
      const candidate = await join(person('candidate', 'Casey'), gateway);
      const interviewer = await join(person('interviewer', 'Ines'), gateway);
      gateway.disconnected(interview, interviewer.view.id, interviewer.socket, true);
      await settle();
      expect(candidate.socket.of('peer-left')).toEqual([{ type: 'peer-left', id: interviewer.view.id }]);
      expect(gateway.size(interview)).toBe(1);

      // "Rejoin" on the page that left: the same tab's id, a new socket.
      const back = await join({ view: { ...interviewer.view } }, gateway);
      expect(back.outcome).toMatchObject({ admitted: true, peers: [expect.objectContaining({ id: candidate.view.id })] });
      expect(peerJoinedIds(candidate.socket)).toEqual([interviewer.view.id, interviewer.view.id]);
    });

    it('introduces a reloaded page (a new page load) again, and keeps a socket coming back with the same page load quiet', async () => {
      const [gateway] = await start(1);
      const candidate = await join(person('candidate', 'Casey'), gateway);
      const interviewer = await join(person('interviewer', 'Ines'), gateway);

      // The candidate's socket drops (a network change) and comes back within the grace: nobody hears of it.
      gateway.disconnected(interview, candidate.view.id, candidate.socket, false);
      const resumed = await join({ view: { ...candidate.view } }, gateway);
      await new Promise((resolve) => setTimeout(resolve, 40));
      expect(resumed.outcome).toMatchObject({ admitted: true, peers: [expect.objectContaining({ id: interviewer.view.id })] });
      // (The interviewer found the candidate in its welcome: nothing was announced to it since.)
      expect(interviewer.socket.of('peer-joined')).toEqual([]);
      expect(interviewer.socket.of('peer-left')).toEqual([]);

      // A reload: the same tab's id, a new page load. The interviewer replaces its connection to it.
      const reloaded = await join({ view: { ...candidate.view, instance: randomUUID() } }, gateway);
      expect(resumed.socket.closed).toEqual({ code: 4409, reason: 'replaced by a new connection' });
      expect(interviewer.socket.of('peer-joined').map((m) => m.peer.instance)).toEqual([reloaded.view.instance]);
      expect(interviewer.socket.of('peer-left')).toEqual([]);
    });

    it('says a dropped socket that did not come back left, once the grace is over', async () => {
      const [gateway] = await start(1);
      const candidate = await join(person('candidate', 'Casey'), gateway);
      const interviewer = await join(person('interviewer', 'Ines'), gateway);
      gateway.disconnected(interview, candidate.view.id, candidate.socket, false);
      await settle();
      expect(interviewer.socket.of('peer-left')).toEqual([]);
      await new Promise((resolve) => setTimeout(resolve, 40));
      expect(interviewer.socket.of('peer-left')).toEqual([{ type: 'peer-left', id: candidate.view.id }]);
    });

    it('gives a person one seat: the same person from another page takes it over, the older page is told and the others see it leave', async () => {
      const [gateway] = await start(1);
      const candidate = await join(person('candidate', 'Casey'), gateway);
      const interviewer = await join(person('interviewer', 'Ines'), gateway);
      const others = [await join(person('interviewer', 'Ivo'), gateway), await join(person('interviewer', 'Ida'), gateway)];
      // Four people: the candidate's second tab (another id, the same token's person) is not a fifth.
      const secondTab = await join({ view: { ...candidate.view, id: randomUUID(), instance: randomUUID() } }, gateway);
      expect(secondTab.outcome).toMatchObject({ admitted: true });
      expect((secondTab.outcome as { peers: PeerView[] }).peers.map((p) => p.id).sort()).toEqual([interviewer, ...others].map((p) => p.view.id).sort());
      expect(candidate.socket.refused).toBe(GatewayErrorCode.LiveCallJoinedElsewhere);
      expect(interviewer.socket.of('peer-left')).toEqual([{ type: 'peer-left', id: candidate.view.id }]);
      expect(peerJoinedIds(interviewer.socket)).toContain(secondTab.view.id);
      expect(gateway.size(interview)).toBe(4);
      // A fifth person is still refused.
      expect((await join(person('interviewer', 'Fifi'), gateway)).outcome).toEqual({ admitted: false, reason: 'full' });
    });

    it('relays a signal only to another participant: never back to its sender, nor to an id nobody holds', async () => {
      const [gateway] = await start(1);
      const candidate = await join(person('candidate', 'Casey'), gateway);
      await join(person('interviewer', 'Ines'), gateway);
      gateway.relay(interview, candidate.view, { type: 'signal', to: candidate.view.id, data: 'x'.repeat(60_000) });
      gateway.relay(interview, candidate.view, { type: 'signal', to: randomUUID(), data: 'x' });
      await settle();
      expect(candidate.socket.of('signal')).toEqual([]);
    });

    it('refuses an id held by another person', async () => {
      const [gateway] = await start(1);
      const candidate = await join(person('candidate', 'Casey'), gateway);
      const impostor = await join({ view: { ...person('interviewer', 'Ines').view, id: candidate.view.id } }, gateway);
      expect(impostor.outcome).toEqual({ admitted: false, reason: 'taken' });
    });
  });

  describe('on two replicas', () => {
    it.each([
      ['both on the same replica', [0, 0]],
      ['on different replicas', [0, 1]],
    ] as const)('introduces the interviewer to the candidate waiting alone, and back, %s, in both orders', async (_shape, where) => {
      const gateways = await start(2);
      for (const order of [
        ['candidate', 'interviewer'],
        ['interviewer', 'candidate'],
      ] as const) {
        const first = await join(person(order[0], 'First'), gateways[where[0]]);
        const second = await join(person(order[1], 'Second'), gateways[where[1]]);
        expect(peerJoinedIds(first.socket)).toEqual([second.view.id]);
        expect(second.outcome).toMatchObject({ admitted: true, peers: [expect.objectContaining({ id: first.view.id })] });
        // Every replica's roster has both.
        await settle();
        expect(gateways.map((g) => g.size(interview))).toEqual([2, 2]);
        first.rooms.disconnected(interview, first.view.id, first.socket, true);
        second.rooms.disconnected(interview, second.view.id, second.socket, true);
        await settle();
        expect(gateways.map((g) => g.size(interview))).toEqual([0, 0]);
      }
    });

    it('lets a replica started after a call began learn the room on its first join (present)', async () => {
      const [early] = await start(1);
      const candidate = await join(person('candidate', 'Casey'), early);
      const late = await new LiveRooms(bus, { leaveGraceMs: 20 }).start();
      replicas.push(late);
      const interviewer = await join(person('interviewer', 'Ines'), late);
      await settle();
      expect(peerJoinedIds(candidate.socket)).toEqual([interviewer.view.id]);
      // The late replica did not know the candidate at its join: it is introduced right after the welcome.
      expect(peerJoinedIds(interviewer.socket)).toEqual([candidate.view.id]);
      expect(late.size(interview)).toBe(2);
    });

    it('keeps a socket that comes back through the other replica with the same page load quiet', async () => {
      const gateways = await start(2);
      const candidate = await join(person('candidate', 'Casey'), gateways[0]);
      const interviewer = await join(person('interviewer', 'Ines'), gateways[1]);
      gateways[0].disconnected(interview, candidate.view.id, candidate.socket, false);
      const resumed = await join({ view: { ...candidate.view } }, gateways[1]);
      expect(resumed.outcome).toMatchObject({ admitted: true, peers: [expect.objectContaining({ id: interviewer.view.id })] });
      await new Promise((resolve) => setTimeout(resolve, 40));
      expect(interviewer.socket.of('peer-joined')).toEqual([]);
      expect(interviewer.socket.of('peer-left')).toEqual([]);
    });
  });

  describe('chat', () => {
    it('gives a kept chat message to everyone in the room, its sender too, on one replica and across two, and to no other room', async () => {
      const gateways = await start(2);
      const candidate = await join(person('candidate', 'Casey'), gateways[0]);
      const neighbour = await join(person('interviewer', 'Ines'), gateways[0]);
      const across = await join(person('interviewer', 'Ivo'), gateways[1]);
      const elsewhere = new FakeSocket();
      gateways[1].join(randomUUID(), person('interviewer', 'Ida').view, elsewhere);
      const message = {
        uuid: randomUUID(),
        author: { name: 'Casey', role: 'candidate' as const },
        text: 'call me on +44 20 7946 0958',
        sent_at: '2026-03-02T09:01:01+00:00',
      };

      gateways[0].chat(interview, candidate.view.id, message);
      await settle();

      for (const p of [candidate, neighbour, across]) expect(p.socket.of('chat')).toEqual([{ type: 'chat', from: candidate.view.id, message }]);
      expect(elsewhere.of('chat')).toEqual([]);
    });
  });
});
