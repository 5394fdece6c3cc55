import type { transcription } from '@vi/contracts';
import { callerOf, type CallContext, type UnaryHandlers } from '@vi/platform-grpc';
import type { Clock } from '@vi/platform-time';
import { getCaptions } from '../../application/get-captions/get-captions';
import { getSettings } from '../../application/get-settings/get-settings';
import { getSharedTranscripts } from '../../application/get-shared-transcripts/get-shared-transcripts';
import { getTranscript } from '../../application/get-transcript/get-transcript';
import type { InterviewsDirectory, TranscriptionQueue } from '../../application/ports';
import { requestTranscript } from '../../application/request-transcript/request-transcript';
import type { TranscriptRefInput } from '../../application/shared/visible-source';
import type { TranscriptionStore } from '../../application/store';
import { body } from '../../application/transcript-rendering';
import { updateSettings } from '../../application/update-settings/update-settings';

export interface TranscriptionGrpcDeps {
  store: TranscriptionStore;
  interviews: InterviewsDirectory;
  queue: TranscriptionQueue;
  engineConfigured: boolean;
  clock: Clock;
}

const refOf = (req: transcription.TranscriptRef): TranscriptRefInput => ({
  interviewUuid: req.interview_uuid,
  questionUuid: req.question_uuid,
  takeUuid: req.take_uuid,
  recordingUuid: req.recording_uuid,
});

/** Transport only: request → use case → the REST body it answers, as bytes (decision 065). */
export function transcriptionGrpcHandlers(deps: TranscriptionGrpcDeps): UnaryHandlers<typeof transcription.TranscriptionServiceService> {
  return {
    getSettings: async (_req, ctx) => body(await getSettings(deps, callerOf(ctx))),
    updateSettings: async (req, ctx) => body(await updateSettings(deps, callerOf(ctx), { transcription: req.transcription })),
    getTranscript: async (req, ctx) => body(await getTranscript(deps, callerOf(ctx), refOf(req))),
    getCaptions: async (req, ctx) => ({ vtt: await getCaptions(deps, callerOf(ctx), refOf(req)) }),
    requestTranscript: async (req, ctx) => body(await requestTranscript(deps, callerOf(ctx), refOf(req))),
    getSharedTranscripts: async (req, ctx: CallContext) =>
      getSharedTranscripts(deps, ctx.principal, { companyUuid: req.company_uuid, interviewUuids: req.interview_uuids }),
  };
}
