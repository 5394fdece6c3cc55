import type { EventConsumer } from '@vi/platform-bus';
import type { Clock } from '@vi/platform-time';
import { enqueueTranscript, NEW_MEDIA_SUBJECTS } from '../../application/enqueue-transcript/enqueue-transcript';
import { FORGET_INTERVIEW_SUBJECTS, forgetInterview } from '../../application/forget-interview/forget-interview';
import { FORGET_TAKES_SUBJECTS, forgetTakes } from '../../application/forget-takes/forget-takes';
import type { TranscriptionQueue } from '../../application/ports';
import type { TranscriptionStore } from '../../application/store';

/** The events transcription consumes, as data the composition root starts (decision 028). */
export function transcriptionEventConsumers(deps: {
  store: TranscriptionStore;
  queue: TranscriptionQueue;
  engineConfigured: boolean;
  clock: Clock;
}): EventConsumer[] {
  return [
    // A stored take, an ended call recording: a transcript to do when the company has it on.
    { durable: 'transcription-new-media', subjects: NEW_MEDIA_SUBJECTS, handler: (message) => enqueueTranscript(deps, message) },
    // A deleted interview (erasure, the retention purge), and a reset one (its answers are gone).
    { durable: 'transcription-forget-interviews', subjects: FORGET_INTERVIEW_SUBJECTS, handler: (message) => forgetInterview(deps, message) },
    // Superseded takes interviews purged (SUPERSEDED_TAKE_GRACE): their transcripts go with their videos.
    { durable: 'transcription-forget-takes', subjects: FORGET_TAKES_SUBJECTS, handler: (message) => forgetTakes(deps, message) },
  ];
}
