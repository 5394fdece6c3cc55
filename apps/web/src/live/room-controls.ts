import { text } from '../i18n/texts';
import { el } from '../shared/dom';
import type { OwnState } from './room-media';

export interface RoomControlHandlers {
  microphone(): void;
  camera(): void;
  share(): void;
  toggleRecording(): void;
  /** "Yes, end it" of the confirmation. */
  endForEveryone(): void;
  leave(): void;
}

/** The call's buttons and the recording badge: what they read follows the state they are given. */
export interface RoomControls {
  readonly toolbar: HTMLElement;
  readonly endConfirm: HTMLElement;
  readonly badge: HTMLElement;
  /** Interviewers see the recording toggle (when their page records) and "End the interview" (when it can end it). */
  allow(options: { recordToggle: boolean; end: boolean }): void;
  ownState(now: OwnState): void;
  recording(shown: boolean): void;
  /** "Yes, end it" shows the call ending (disabled) or is offered again after a refusal. */
  ending(busy: boolean): void;
}

export function roomControls(on: RoomControlHandlers): RoomControls {
  const badge = el('p', { class: 'recording-badge', role: 'status', hidden: true }, el('span', { 'aria-hidden': 'true' }, '● '), text().live.recording);
  const mute = el('button', { type: 'button', class: 'secondary', 'aria-pressed': 'false', onclick: () => on.microphone() }, text().live.mute);
  const camera = el('button', { type: 'button', class: 'secondary', 'aria-pressed': 'false', onclick: () => on.camera() }, text().live.cameraStop);
  // Phones mostly have no getDisplayMedia: no button there rather than one that cannot work.
  const share = el(
    'button',
    {
      type: 'button',
      class: 'secondary',
      'aria-pressed': 'false',
      hidden: typeof navigator.mediaDevices?.getDisplayMedia !== 'function',
      onclick: () => on.share(),
    },
    text().live.screenShare,
  );
  const leave = el('button', { type: 'button', class: 'secondary', onclick: () => on.leave() }, text().live.leave);
  const recordToggle = el('button', { type: 'button', class: 'secondary', hidden: true, onclick: () => on.toggleRecording() }, text().live.recordingStop);
  const yes = el('button', { type: 'button', class: 'danger', onclick: () => on.endForEveryone() }, text().live.endConfirmYes);
  const end = el('button', { type: 'button', class: 'danger', hidden: true }, text().live.end);
  const endConfirm = el(
    'div',
    { class: 'confirm', role: 'group', 'aria-label': text().live.end, hidden: true },
    el('p', {}, text().live.endConfirm),
    yes,
    el('button', { type: 'button', class: 'secondary', onclick: () => ((endConfirm.hidden = true), end.focus()) }, text().live.endConfirmNo),
  );
  end.addEventListener('click', () => {
    endConfirm.hidden = false;
    yes.focus();
  });
  const toolbar = el('div', { class: 'controls', role: 'toolbar', 'aria-label': text().live.controls }, mute, camera, share, recordToggle, end, leave);

  return {
    toolbar,
    endConfirm,
    badge,
    allow(options) {
      recordToggle.hidden = !options.recordToggle;
      end.hidden = !options.end;
    },
    ownState(now) {
      mute.textContent = now.audio ? text().live.mute : text().live.unmute;
      mute.setAttribute('aria-pressed', String(!now.audio));
      camera.textContent = now.video ? text().live.cameraStop : text().live.cameraStart;
      camera.setAttribute('aria-pressed', String(!now.video));
      share.textContent = now.screen ? text().live.screenShareStop : text().live.screenShare;
      share.setAttribute('aria-pressed', String(now.screen));
    },
    recording(shown) {
      badge.hidden = !shown;
      recordToggle.textContent = shown ? text().live.recordingStop : text().live.recordingStart;
    },
    ending(busy) {
      yes.disabled = busy;
      yes.textContent = busy ? text().live.ending : text().live.endConfirmYes;
    },
  };
}
