import { text } from '../i18n/texts';
import { el } from '../shared/dom';
import { transcriptPanel } from '../shared/transcript-panel';
import { api, ok, type Schemas } from './api';
import { refusalSentence } from './refusals';
import type { Workspace } from './ui/frame';

/**
 * The workspace's side of transcripts (issue 43, decision 073): a take's or a recording's transcript beside its
 * player on the watch page, and the company's setting, through the generated client as every workspace call.
 */

type Transcript = Schemas['Transcript'];
type TranscriptionSettings = Schemas['TranscriptionSettings'];

/** A take or a recording: its media's path, under which `/transcript` and `/captions.vtt` live. */
export type TranscribedMedia =
  { kind: 'take'; interviewUuid: string; questionUuid: string; takeUuid: string } | { kind: 'recording'; interviewUuid: string; recordingUuid: string };

export function mediaPath(media: TranscribedMedia): string {
  const interview = `/v1.0/interviews/${media.interviewUuid}`;
  return media.kind === 'take' ? `${interview}/questions/${media.questionUuid}/takes/${media.takeUuid}` : `${interview}/recordings/${media.recordingUuid}`;
}

const TAKE_TRANSCRIPT = '/interviews/{interviewUuid}/questions/{questionUuid}/takes/{takeUuid}/transcript';
const RECORDING_TRANSCRIPT = '/interviews/{interviewUuid}/recordings/{recordingUuid}/transcript';

async function dataOf<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  return (await ok(call)).data;
}

/** `GET …/transcript` of the take or the recording. */
export function readTranscript(media: TranscribedMedia): Promise<Transcript> {
  const { interviewUuid } = media;
  return media.kind === 'take'
    ? dataOf(api.GET(TAKE_TRANSCRIPT, { params: { path: { interviewUuid, questionUuid: media.questionUuid, takeUuid: media.takeUuid } } }))
    : dataOf(api.GET(RECORDING_TRANSCRIPT, { params: { path: { interviewUuid, recordingUuid: media.recordingUuid } } }));
}

/** `POST …/transcript`: transcribe it (again); answers the transcript, pending. */
export function askTranscript(media: TranscribedMedia): Promise<Transcript> {
  const { interviewUuid } = media;
  return media.kind === 'take'
    ? dataOf(api.POST(TAKE_TRANSCRIPT, { params: { path: { interviewUuid, questionUuid: media.questionUuid, takeUuid: media.takeUuid } } }))
    : dataOf(api.POST(RECORDING_TRANSCRIPT, { params: { path: { interviewUuid, recordingUuid: media.recordingUuid } } }));
}

export function readSettings(): Promise<TranscriptionSettings> {
  return dataOf(api.GET('/settings'));
}

export function saveSettings(body: { transcription: boolean }): Promise<TranscriptionSettings> {
  return dataOf(api.PUT('/settings', { body }));
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
