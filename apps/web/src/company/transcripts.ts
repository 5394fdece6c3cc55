import { text } from '../i18n/texts';
import { requestJson } from '../shared/api';
import { el } from '../shared/dom';
import { transcriptPanel } from '../shared/transcript-panel';
import type { Transcript, TranscriptionSettings } from '../shared/transcript-types';
import { csrfHeaders } from './api';
import { refusalSentence } from './refusals';
import type { Workspace } from './ui/frame';

/**
 * The workspace's side of transcripts (issue 43, decision 073): a take's or a recording's transcript beside its
 * player on the watch page, and the company's setting. Called with `fetch` (`requestJson`) until the gateway's
 * routes are in the generated client; then `api.GET('/interviews/{interviewUuid}/…/transcript')` and
 * `api.GET('/settings')` take their place.
 */

/** A take or a recording: its media's path, under which `/transcript` and `/captions.vtt` live. */
export type TranscribedMedia =
  { kind: 'take'; interviewUuid: string; questionUuid: string; takeUuid: string } | { kind: 'recording'; interviewUuid: string; recordingUuid: string };

export function mediaPath(media: TranscribedMedia): string {
  const interview = `/v1.0/interviews/${media.interviewUuid}`;
  return media.kind === 'take' ? `${interview}/questions/${media.questionUuid}/takes/${media.takeUuid}` : `${interview}/recordings/${media.recordingUuid}`;
}

export function readTranscript(media: TranscribedMedia): Promise<Transcript> {
  return requestJson('GET', `${mediaPath(media)}/transcript`, csrfHeaders());
}

export function askTranscript(media: TranscribedMedia): Promise<Transcript> {
  return requestJson('POST', `${mediaPath(media)}/transcript`, csrfHeaders());
}

export function readSettings(): Promise<TranscriptionSettings> {
  return requestJson('GET', '/v1.0/settings', csrfHeaders());
}

export function saveSettings(body: { transcription: boolean }): Promise<TranscriptionSettings> {
  return requestJson('PUT', '/v1.0/settings', csrfHeaders(), body);
}

/** The company's setting, or null where it cannot be read (the watch page then says only that there is no transcript). */
export async function settingsOrNull(): Promise<TranscriptionSettings | null> {
  try {
    return await readSettings();
  } catch {
    return null;
  }
}

/** Why a take or recording has no transcript, and what this user can do about it. */
function offState(workspace: Workspace, settings: TranscriptionSettings | null, ask: (label: string) => HTMLElement | null): HTMLElement {
  const t = text().workspace.transcripts;
  if (settings && !settings.transcription_available) return el('p', { class: 'muted' }, t.unavailable);
  if (settings?.transcription) return el('div', { class: 'empty' }, el('p', {}, t.notTranscribed), ask(t.transcribe));
  return el(
    'div',
    { class: 'empty' },
    el('p', {}, t.off),
    workspace.role === 'administrator' ? el('p', {}, el('a', { href: '/settings' }, t.turnOn)) : el('p', { class: 'muted' }, t.askAdministrator),
  );
}

/**
 * The transcript panel of one take or recording, once its transcript is read; null where it cannot be read (a
 * deployment without the transcription service answers an error: the player stays as it was).
 */
export async function workspaceTranscript(
  workspace: Workspace,
  settings: TranscriptionSettings | null,
  player: HTMLMediaElement,
  media: TranscribedMedia,
  id: string,
): Promise<HTMLElement | null> {
  let transcript: Transcript;
  try {
    transcript = await readTranscript(media);
  } catch {
    return null;
  }
  return transcriptPanel(player, {
    id,
    level: 4,
    transcript,
    captionsPath: `${mediaPath(media)}/captions.vtt`,
    reload: () => readTranscript(media),
    retry: () => askTranscript(media),
    refusal: refusalSentence,
    off: (ask) => offState(workspace, settings, ask),
  });
}
