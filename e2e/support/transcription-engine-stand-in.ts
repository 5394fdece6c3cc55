/**
 * The stand-in OpenAI-compatible transcription engine of the tests (decision 073), for the end-to-end specs: start
 * it, pass `standIn.env()` to `startTestSystem`, then assert on `standIn.requests`. It lives in @vi/platform-testing
 * so that the transcription service's own integration spec uses the same one.
 */
export {
  parseMultipart,
  STAND_IN_SEGMENT_SECONDS,
  TranscriptionEngineStandIn,
  type EngineAnswerSegment,
  type EngineRequest,
  type TranscriptionEngineStandInOptions,
} from '@vi/platform-testing';
