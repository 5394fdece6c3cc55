/** The tests' stand-in OpenAI-compatible engine (decision 073), kept in @vi/platform-testing for the service's own specs. */
export { parseMultipart, STAND_IN_SEGMENT_SECONDS, TranscriptionEngineStandIn, type EngineRequest } from '@vi/platform-testing';
