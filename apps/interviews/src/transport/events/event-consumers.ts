import { JobsSubjects, type JobEventPayload } from '@vi/contracts';
import type { EventConsumer } from '@vi/platform-bus';
import type { CachedJobsDirectory } from '../../infrastructure/cached-jobs.directory';
import { applyEvaluationEvent, EVALUATION_SUBJECTS } from '../../application/apply-evaluations/apply-evaluations';
import { applyProjectionEvent, PROJECTION_SUBJECTS } from '../../application/apply-projections/apply-projections';
import { applyShareLinkEvent, SHARE_LINK_SUBJECTS } from '../../application/apply-share-links/apply-share-links';
import { applyTranscriptionEvent, TRANSCRIPTION_SUBJECTS } from '../../application/apply-transcription-events/apply-transcription-events';

/** The events interviews consumes, as data the composition root starts (decision 028). */
export function interviewsEventConsumers(
  deps: Parameters<typeof applyProjectionEvent>[0] &
    Parameters<typeof applyShareLinkEvent>[0] &
    Parameters<typeof applyEvaluationEvent>[0] &
    Parameters<typeof applyTranscriptionEvent>[0] & { jobs: Pick<CachedJobsDirectory, 'forgetJob'> },
): EventConsumer[] {
  return [
    // Every replica drops the job it remembers for creations (decision 057): a broadcast, not a shared durable.
    {
      broadcast: true,
      subjects: [JobsSubjects.JobUpdated, JobsSubjects.JobDeleted],
      handler: async (message) => deps.jobs.forgetJob((message.payload as JobEventPayload).uuid),
    },
    // What interviews show of jobs and people, kept current.
    { durable: 'interviews-projections', subjects: PROJECTION_SUBJECTS, handler: (message) => applyProjectionEvent(deps, message) },
    // Which interviews have a basic share link, for their `share_link` field.
    { durable: 'interviews-share-links', subjects: SHARE_LINK_SUBJECTS, handler: (message) => applyShareLinkEvent(deps, message) },
    // The team's decision and evaluation counts, for the interview's `decision`, `evaluations_submitted` and `evaluations_started` (decision 070).
    { durable: 'interviews-evaluations', subjects: EVALUATION_SUBJECTS, handler: (message) => applyEvaluationEvent(deps, message) },
    // Each company's transcription setting, and done transcripts' search vectors for `?q=` (decision 073).
    { durable: 'interviews-transcription', subjects: TRANSCRIPTION_SUBJECTS, handler: (message) => applyTranscriptionEvent(deps, message) },
  ];
}
