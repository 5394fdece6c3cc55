/** This page's microphone, camera and shared screen, as the others see them. */
export interface OwnState {
  audio: boolean;
  video: boolean;
  screen: boolean;
}

export interface RoomMedia {
  /** What this participant sends and sees of itself: the microphone, and the camera or a shared screen in its place. */
  readonly outgoing: MediaStream;
  state(): OwnState;
  toggleMicrophone(): void;
  toggleCamera(): void;
  /** Shares a screen in place of the camera; `false` when the browser (or the user) gave none. */
  startSharing(): Promise<boolean>;
  /** The camera again (as it was left: turned off while sharing, it stays off). */
  stopSharing(): void;
  readonly sharing: boolean;
  /** Stops the shared screen; with `all`, the camera and microphone too (the call is over; after Leave they serve a rejoin). */
  close(all: boolean): void;
}

/**
 * `sendVideo` sends a picture to everyone in place of the one sent (RTCRtpSender.replaceTrack); `changed` is told
 * after every change of the state (the buttons, the own tile, the others).
 */
export function roomMedia(
  stream: MediaStream,
  sendVideo: (track: MediaStreamTrack | undefined, outgoing: MediaStream) => void,
  changed: () => void,
): RoomMedia {
  const audioTrack = () => stream.getAudioTracks()[0];
  const videoTrack = () => stream.getVideoTracks()[0];
  const outgoing = new MediaStream(stream.getTracks());
  /** The shared screen's picture, while sharing (decision 039). */
  let screenTrack: MediaStreamTrack | undefined;
  let closed = false;

  function send(track: MediaStreamTrack | undefined): void {
    for (const sent of outgoing.getVideoTracks()) outgoing.removeTrack(sent);
    if (track) outgoing.addTrack(track);
    sendVideo(track, outgoing);
  }

  function stopSharing(): void {
    const track = screenTrack;
    if (!track) return;
    screenTrack = undefined;
    track.stop();
    send(videoTrack());
    changed();
  }

  return {
    outgoing,
    state: () => ({ audio: audioTrack()?.enabled ?? false, video: videoTrack()?.enabled ?? false, screen: screenTrack !== undefined }),
    get sharing() {
      return screenTrack !== undefined;
    },
    toggleMicrophone() {
      const track = audioTrack();
      if (track) track.enabled = !track.enabled;
      changed();
    },
    toggleCamera() {
      const track = videoTrack();
      if (track) track.enabled = !track.enabled;
      changed();
    },
    async startSharing() {
      let display: MediaStream;
      try {
        display = await navigator.mediaDevices.getDisplayMedia({ video: true, audio: false });
      } catch {
        return false;
      }
      const track = display.getVideoTracks()[0];
      if (closed || !track || screenTrack) {
        display.getTracks().forEach((tr) => tr.stop());
        return true;
      }
      // Text stays sharp: under a poor connection the frame rate drops rather than the resolution.
      track.contentHint = 'detail';
      // The browser's own "Stop sharing" ends the track.
      track.addEventListener('ended', () => {
        if (screenTrack === track) stopSharing();
      });
      screenTrack = track;
      send(track);
      changed();
      return true;
    },
    stopSharing,
    close(all) {
      screenTrack?.stop();
      screenTrack = undefined;
      // A screen chosen after this is stopped at once (startSharing).
      closed = true;
      if (all) stream.getTracks().forEach((track) => track.stop());
    },
  };
}
