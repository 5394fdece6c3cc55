import { z } from 'zod';
import { timestampView } from './view-parts';

/**
 * A take's or a call recording's transcript (decision 073), rendered by the transcription service and passed through
 * by the gateway and sharing: its status, the language it is in, the whole text, and the timed segments the
 * captions are made of. `off`: no transcript was asked (the company's setting is off, or no engine is configured).
 */
export const TRANSCRIPT_STATUSES = ['off', 'pending', 'done', 'failed'] as const;
export type TranscriptStatus = (typeof TRANSCRIPT_STATUSES)[number];

export const TranscriptSegmentView = z
  .object({
    start_ms: z.number().int().min(0),
    end_ms: z.number().int().min(0),
    text: z.string(),
  })
  .meta({ id: 'TranscriptSegment' });
export type TranscriptSegmentJson = z.output<typeof TranscriptSegmentView>;

export const TranscriptView = z
  .object({
    status: z.enum(TRANSCRIPT_STATUSES),
    language: z.string().meta({ description: "the transcript's language: the interview's, or the one the engine heard when it is one of ours" }),
    text: z.string().meta({ description: 'the whole text; empty unless done' }),
    segments: z.array(TranscriptSegmentView).meta({ description: 'in order, times in milliseconds from the start of the video; empty unless done' }),
    updated_at: timestampView.nullable().meta({ description: 'null while no transcript exists (status off)' }),
  })
  .meta({ id: 'Transcript' });
export type TranscriptJson = z.output<typeof TranscriptView>;

/** The company's transcription setting (`GET`/`PUT /settings`). */
export const TranscriptionSettingsView = z
  .object({
    transcription: z.boolean().meta({ description: "whether the company's answers and call recordings are transcribed (an administrator decides)" }),
    transcription_available: z.boolean().meta({ description: 'whether the platform has a transcription engine configured' }),
    updated_at: timestampView.nullable().meta({ description: 'null until an administrator first changed it' }),
  })
  .meta({ id: 'TranscriptionSettings' });
export type TranscriptionSettingsJson = z.output<typeof TranscriptionSettingsView>;

/** `HH:MM:SS.mmm`, as WebVTT writes a cue's time. */
export function vttTimestamp(ms: number): string {
  const whole = Math.max(0, Math.round(ms));
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  const hours = Math.floor(whole / 3_600_000);
  const minutes = Math.floor(whole / 60_000) % 60;
  const seconds = Math.floor(whole / 1000) % 60;
  return `${pad(hours)}:${pad(minutes)}:${pad(seconds)}.${pad(whole % 1000, 3)}`;
}

/**
 * A cue's text made safe: `&`, `<` and `>` escaped (so no `-->` and no tags), line breaks kept as single ones and
 * blank lines removed (a blank line would end the cue).
 */
export function vttCueText(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0)
    .join('\n');
}

/**
 * The WebVTT of a transcript's segments (served as `text/vtt; charset=utf-8` at `…/captions.vtt`): the `WEBVTT`
 * header, then one numbered cue per segment with text. Pure: the transcription service and sharing's tests share it.
 */
export function renderVtt(segments: ReadonlyArray<TranscriptSegmentJson>): string {
  const cues = segments
    .map((segment) => ({ ...segment, text: vttCueText(segment.text) }))
    .filter((segment) => segment.text.length > 0)
    .map((segment, i) => `${i + 1}\n${vttTimestamp(segment.start_ms)} --> ${vttTimestamp(Math.max(segment.end_ms, segment.start_ms))}\n${segment.text}\n`);
  return ['WEBVTT\n', ...cues].join('\n');
}
