// The interviews service's gRPC contract as one namespace (`interviews.X`): one proto file per gRPC service, all in
// the package interviews.v1 (decision 065). Each generated file declares its own `protobufPackage` and `MessageFns`;
// the shared file's are the ones exported.
export * from './generated/interviews';
export { protobufPackage, type MessageFns } from './generated/interviews';
export * from './generated/interviews_questions';
export * from './generated/interviews_question_sets';
export * from './generated/interviews_takes';
export * from './generated/interviews_recordings';
export * from './generated/interviews_candidates';
export * from './generated/interviews_live_calls';
export * from './generated/interviews_shared';
