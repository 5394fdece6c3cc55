/**
 * Error codes several services raise, each with its one reason text: the caller-kind checks of decision 028 (a
 * company user, an administrator, an operator, a user), an invalid API key, an interview, take or recording that is not there, a byte range outside a video, a transcript not done. `kind` is the ErrorKind of `@vi/platform-errors` (its HTTP
 * status), spelled out here because contracts depend on nothing; the guards that raise these live in
 * `@vi/platform-grpc`. docs/errors.md lists them with every other code (tools/repo-checks compares the two).
 */
export const SharedErrorCode = {
  CompanyUserRequired: 'api.company_user_required',
  AdministratorRequired: 'api.administrator_required',
  OperatorRequired: 'api.operator_required',
  UserRequired: 'api.user_required',
  KeyInvalid: 'api.key_invalid',
  InterviewNotFound: 'api.interview_not_found',
  OpenInterviewNotFound: 'api.open_interview_not_found',
  RangeNotSatisfiable: 'api.range_not_satisfiable',
  ShareLinkCannotEvaluate: 'api.share_link_cannot_evaluate',
  TakeNotFound: 'api.take_not_found',
  RecordingNotFound: 'api.recording_not_found',
  TranscriptNotReady: 'api.transcript_not_ready',
} as const;
export type SharedErrorCode = (typeof SharedErrorCode)[keyof typeof SharedErrorCode];

export const SHARED_ERRORS = {
  [SharedErrorCode.CompanyUserRequired]: { kind: 'permission_denied', reason: 'This action requires a company user' },
  [SharedErrorCode.AdministratorRequired]: { kind: 'permission_denied', reason: 'This action requires an administrator' },
  [SharedErrorCode.OperatorRequired]: { kind: 'permission_denied', reason: 'This action is for platform operators only' },
  [SharedErrorCode.UserRequired]: { kind: 'unauthenticated', reason: 'This operation acts for a user' },
  // Raised by identity (resolving a key) and the gateway (a key it can tell is malformed).
  [SharedErrorCode.KeyInvalid]: { kind: 'unauthenticated', reason: 'The API key is not valid' },
  // Raised by interviews and sharing (a share link naming an interview it cannot have).
  [SharedErrorCode.InterviewNotFound]: { kind: 'not_found', reason: 'Interview not found' },
  // Raised by jobs and the gateway (a link that is no UUID): one answer for every link that takes no application (decision 045).
  [SharedErrorCode.OpenInterviewNotFound]: { kind: 'not_found', reason: 'This interview link is closed or does not exist' },
  // Raised by interviews (takes, recordings) and jobs (job videos): `sendVideo` of `@vi/platform-media`.
  [SharedErrorCode.RangeNotSatisfiable]: { kind: 'range_not_satisfiable', reason: 'The requested range is outside the video' },
  // Raised by the gateway (a basic link's token on the public evaluation routes, which only an advanced link's reviewer
  // may use: decision 070); defined here beside the evaluations service's vocabulary, which documents it.
  [SharedErrorCode.ShareLinkCannotEvaluate]: { kind: 'permission_denied', reason: 'Only an advanced share link can evaluate an interview' },
  // Raised by interviews (its takes and recordings) and transcription (their transcripts: one answer for a take or
  // recording the caller cannot find, whichever service is asked).
  [SharedErrorCode.TakeNotFound]: { kind: 'not_found', reason: 'Take not found' },
  [SharedErrorCode.RecordingNotFound]: { kind: 'not_found', reason: 'Recording not found' },
  // Raised by transcription (a take's or recording's captions) and sharing (the same through a share link): decision 073.
  [SharedErrorCode.TranscriptNotReady]: { kind: 'not_found', reason: 'The transcript is not done yet' },
} as const satisfies Record<SharedErrorCode, { kind: string; reason: string }>;
