import { text } from '../i18n/texts';
import { el } from '../shared/dom';
import { liveRegion, say } from '../shared/screens';
import { DeviceError, openCameraAndMicrophone, watchMicrophoneLevel } from './devices';

export interface DeviceCheck {
  section: HTMLElement;
  /** Resolves with the camera and microphone stream once the check passed. */
  ready: Promise<MediaStream>;
}

/**
 * Camera preview and microphone level meter, started by a button (browsers ask for permission on a user action).
 * `audioOnly` (the interview's accommodation): the microphone alone, no preview, no camera asked for.
 */
export function deviceCheck(audioOnly = false): DeviceCheck {
  const preview = el('video', { class: 'preview', 'aria-label': text().device.preview, muted: true, playsinline: true, autoplay: true });
  preview.muted = true;
  const level = el('span', { class: 'meter-fill' });
  const meter = el(
    'div',
    { class: 'meter', role: 'meter', 'aria-label': text().device.micLevel, 'aria-valuemin': 0, 'aria-valuemax': 100, 'aria-valuenow': 0 },
    level,
  );
  const status = liveRegion();
  const media = el(
    'div',
    { class: 'media', hidden: true },
    audioOnly ? null : preview,
    el('p', { class: 'label', 'aria-hidden': 'true' }, text().device.micLevel),
    meter,
  );
  let resolveReady: (stream: MediaStream) => void = () => undefined;
  const ready = new Promise<MediaStream>((resolve) => (resolveReady = resolve));
  let lastAnnounced = 0;

  const checkLabel = audioOnly ? text().accommodation.micOnlyCheck : text().device.check;
  const button = el('button', { type: 'button', class: 'secondary' }, checkLabel);
  button.addEventListener('click', () => {
    button.disabled = true;
    button.textContent = text().device.checking;
    say(status, text().device.checking);
    openCameraAndMicrophone(audioOnly)
      .then((stream) => {
        if (!audioOnly) preview.srcObject = stream;
        media.hidden = false;
        button.hidden = true;
        watchMicrophoneLevel(stream, (value) => {
          level.style.transform = `scaleX(${value})`;
          const now = performance.now();
          if (now - lastAnnounced > 250) {
            meter.setAttribute('aria-valuenow', String(Math.round(value * 100)));
            lastAnnounced = now;
          }
        });
        say(status, audioOnly ? text().accommodation.micOk : text().device.ok, 'ok');
        resolveReady(stream);
      })
      .catch((error: unknown) => {
        say(status, error instanceof DeviceError ? error.sentence : text().device.failed, 'refusal');
        button.disabled = false;
        button.textContent = checkLabel;
        // Back on the button to check again once the cause is fixed (the alert is announced already).
        button.focus();
      });
  });

  const section = el(
    'section',
    { class: 'device-check', 'aria-labelledby': 'device-heading' },
    el('h2', { id: 'device-heading' }, text().device.heading),
    el('p', {}, audioOnly ? text().accommodation.micOnlyIntro : text().device.intro),
    button,
    status,
    media,
  );
  return { section, ready };
}
