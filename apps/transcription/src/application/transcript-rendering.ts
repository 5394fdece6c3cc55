import {
  renderVtt,
  TranscriptionSubjects,
  type TranscriptJson,
  type TranscriptionSettingsChangedPayload,
  type TranscriptionSettingsJson,
  type TranscriptReadyPayload,
  type transcription,
} from '@vi/contracts';
import type { NewEvent } from '@vi/platform-bus';
import { toRfc3339, toRfc3339OrNull } from '@vi/platform-time';
import type { CompanySetting } from '../domain/company-setting';
import { segmentJson, type Transcript } from '../domain/transcript';

/** A REST body as the gRPC answers carry it (decision 065). */
export const body = (json: unknown): transcription.Body => ({ json: Buffer.from(JSON.stringify(json)) });

/** The Transcript body; `off` (the interview's language, nothing else) where no transcript was asked. */
export function transcriptJson(transcript: Transcript | undefined, interviewLanguage: string): TranscriptJson {
  if (!transcript) return { status: 'off', language: interviewLanguage, text: '', segments: [], updated_at: null };
  return {
    status: transcript.status,
    language: transcript.language,
    text: transcript.text,
    segments: transcript.segments.map(segmentJson),
    updated_at: toRfc3339(transcript.updatedAt),
  };
}

/** WebVTT of a done transcript's segments. */
export const captionsOf = (transcript: Transcript): string => renderVtt(transcript.segments.map(segmentJson));

export function settingsJson(setting: CompanySetting | undefined, engineConfigured: boolean): TranscriptionSettingsJson {
  return { transcription: setting?.transcription ?? false, transcription_available: engineConfigured, updated_at: toRfc3339OrNull(setting?.updatedAt) };
}

/** transcription.transcript.ready: a try ended done or failed (the text only when done, never in the webhook). */
export function readyEvent(t: Transcript & { status: 'done' | 'failed' }, now: Date): NewEvent<TranscriptReadyPayload> {
  return {
    subject: TranscriptionSubjects.TranscriptReady,
    payload: {
      company_uuid: t.companyUuid,
      interview_uuid: t.interviewUuid,
      take_uuid: t.source.kind === 'take' ? t.source.uuid : null,
      recording_uuid: t.source.kind === 'recording' ? t.source.uuid : null,
      language: t.language,
      status: t.status,
      text: t.status === 'done' ? t.text : '',
      occurred_at: toRfc3339(now),
    },
  };
}

/** transcription.settings.changed with the effective value: the company's setting and an engine. */
export function settingsChangedEvent(setting: CompanySetting, engineConfigured: boolean): NewEvent<TranscriptionSettingsChangedPayload> {
  return {
    subject: TranscriptionSubjects.SettingsChanged,
    payload: { company_uuid: setting.companyUuid, transcription: setting.transcription && engineConfigured, occurred_at: toRfc3339(setting.updatedAt) },
  };
}
