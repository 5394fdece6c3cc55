import type { Signaling, SignalData } from './signaling';

/** After this long "disconnected" (a network change), ICE is restarted rather than waiting for "failed" (~30 s). */
const DISCONNECTED_RESTART_MS = 2_000;
/**
 * A restart that did not bring the connection back (the network, or the relay, was still gone when it gathered) is
 * tried again this long after the one before, doubling up to the last: the browser changes state no more once its
 * restart gathered nothing, so without this the call would stay frozen after the network came back.
 */
const RESTART_AGAIN_MS = [2_000, 4_000, 8_000, 10_000];
/** The side that waits for the first offer makes one itself if none came in this long (a lost message). */
const FIRST_OFFER_WAIT_MS = 5_000;

/**
 * The connection to one other participant: WebRTC's "perfect negotiation" (either side may offer; on a collision
 * the polite one, the larger id, gives way), which also carries ICE restarts: when the connection drops, the
 * browser gathers new candidates (new network, new addresses) and renegotiates over the signaling socket.
 *
 * The first offer comes from one side only, the smaller id (the impolite one): when both offered at once, the
 * polite side's rollback of its own offer sometimes left Chromium gathering no candidate for its answer, and the
 * call never connected (1 call in about 25 of `npm run bench:live`). The other side answers, then may offer too.
 */
export class PeerLink {
  readonly pc: RTCPeerConnection;
  readonly remote = new MediaStream();
  private makingOffer = false;
  private ignoreOffer = false;
  private restartTimer?: ReturnType<typeof setTimeout>;
  private firstOfferTimer?: ReturnType<typeof setTimeout>;
  private queue: Promise<void> = Promise.resolve();
  /** Whether this side may offer: the first offerer at once, the other once it has answered (or waited in vain). */
  private mayOffer: boolean;
  /** What sends this side's picture: the camera, or a shared screen in its place (`sendVideo`). */
  private videoSender?: RTCRtpSender;

  constructor(
    readonly peerId: string,
    private readonly polite: boolean,
    configuration: RTCConfiguration,
    local: MediaStream,
    private readonly signaling: Signaling,
    onRemoteTrack: () => void,
    onState: (state: RTCIceConnectionState) => void,
  ) {
    this.mayOffer = !polite;
    this.pc = new RTCPeerConnection(configuration);
    for (const track of local.getTracks()) {
      const sender = this.pc.addTrack(track, local);
      if (track.kind === 'video') this.videoSender = sender;
    }
    this.pc.addEventListener('track', (event) => {
      this.remote.addTrack(event.track);
      onRemoteTrack();
    });
    // Negotiation still needed once the first offer is answered fires again when the connection is back to stable.
    this.pc.addEventListener('negotiationneeded', () => {
      if (this.mayOffer) void this.offer();
    });
    if (!this.mayOffer) this.firstOfferTimer = setTimeout(() => this.allowOffers(), FIRST_OFFER_WAIT_MS);
    this.pc.addEventListener('icecandidate', (event) => this.send({ candidate: event.candidate?.toJSON() ?? null }));
    this.pc.addEventListener('iceconnectionstatechange', () => {
      const state = this.pc.iceConnectionState;
      onState(state);
      if (state === 'connected' || state === 'completed' || state === 'closed') {
        clearTimeout(this.restartTimer);
        this.restartTimer = undefined;
      } else if (state === 'failed') this.restartUntilConnected(0);
      else if (state === 'disconnected' && !this.restartTimer) this.restartUntilConnected(DISCONNECTED_RESTART_MS);
    });
  }

  /** Restarts ICE after `delayMs`, then again and again (RESTART_AGAIN_MS) until the connection is back. */
  private restartUntilConnected(delayMs: number, attempt = 0): void {
    clearTimeout(this.restartTimer);
    this.restartTimer = setTimeout(() => {
      this.restartTimer = undefined;
      const state = this.pc.iceConnectionState;
      if (state === 'connected' || state === 'completed' || state === 'closed') return;
      this.pc.restartIce();
      this.restartUntilConnected(RESTART_AGAIN_MS[Math.min(attempt, RESTART_AGAIN_MS.length - 1)], attempt + 1);
    }, delayMs);
  }

  private allowOffers(): void {
    clearTimeout(this.firstOfferTimer);
    if (this.mayOffer) return;
    this.mayOffer = true;
    // Nothing came: this side offers (a later offer from the other side is a collision perfect negotiation settles).
    if (this.pc.signalingState === 'stable' && !this.pc.remoteDescription) void this.offer();
  }

  private send(data: SignalData): void {
    this.signaling.send({ type: 'signal', to: this.peerId, data });
  }

  private async offer(): Promise<void> {
    try {
      this.makingOffer = true;
      await this.pc.setLocalDescription();
      this.send({ description: this.pc.localDescription?.toJSON() });
    } finally {
      this.makingOffer = false;
    }
  }

  /**
   * Signals are applied one after the other, in the order they came: an ICE candidate must not be added while the
   * offer before it is still being applied (it would be refused, and a connection with few candidates then fails).
   */
  receive(data: SignalData): Promise<void> {
    this.queue = this.queue.then(() => this.apply(data)).catch((error: unknown) => console.warn('live call: a signal could not be applied', error));
    return this.queue;
  }

  private async apply(data: SignalData): Promise<void> {
    if (data.description) {
      const collision = data.description.type === 'offer' && (this.makingOffer || this.pc.signalingState !== 'stable');
      this.ignoreOffer = !this.polite && collision;
      if (this.ignoreOffer) return;
      await this.pc.setRemoteDescription(data.description);
      if (data.description.type === 'offer') {
        await this.pc.setLocalDescription();
        this.send({ description: this.pc.localDescription?.toJSON() });
        this.allowOffers();
      }
    } else if (data.candidate !== undefined) {
      try {
        await this.pc.addIceCandidate(data.candidate ?? undefined);
      } catch (error) {
        if (!this.ignoreOffer) throw error;
      }
    }
  }

  /**
   * Sends another picture (a shared screen, or the camera again; null: none) in place of the one sent: `replaceTrack` needs no
   * renegotiation, so it shows at once. Without a picture sent yet (no camera), the track is added, which
   * renegotiates (perfect negotiation carries it).
   */
  sendVideo(track: MediaStreamTrack | null, stream: MediaStream): void {
    if (this.pc.signalingState === 'closed') return;
    if (!this.videoSender) {
      if (track) this.videoSender = this.pc.addTrack(track, stream);
      return;
    }
    this.videoSender.replaceTrack(track).catch((error: unknown) => console.warn('live call: the picture could not be replaced', error));
  }

  /** The signaling socket is back after a drop: restart ICE in case the network changed under the connection. */
  restart(): void {
    if (this.pc.iceConnectionState !== 'connected' && this.pc.iceConnectionState !== 'completed') this.pc.restartIce();
  }

  close(): void {
    clearTimeout(this.restartTimer);
    clearTimeout(this.firstOfferTimer);
    this.pc.close();
  }
}
