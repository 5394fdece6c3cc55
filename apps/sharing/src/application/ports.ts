import type { identity, interviews, transcription } from '@vi/contracts';
import type { Caller, Principal, ServicePrincipal } from '@vi/platform-grpc';

/**
 * The sharing service's outbound ports besides its store (decision 033); adapters in `infrastructure/`. The other
 * services are called as a company user, or as this service for a link's reviewer: `Caller<Principal>`.
 */

/** Sharing acting on its own behalf: what a link's token opens is read as the service, never as a user. */
export const SHARING_SERVICE: ServicePrincipal = { kind: 'service', service: 'sharing' };

/** The service that makes an ordered interview's basic link, and reads its URL, for a company (decision 071). */
export const ASSESSMENTS_SERVICE = 'assessments';

/** What sharing needs from identity. */
export interface IdentityDirectory {
  planFeatures(caller: Caller<Principal>, companyUuid: string): Promise<Record<string, boolean>>;
  summaries(
    caller: Caller<Principal>,
    userUuids: string[],
    companyUuids: string[],
  ): Promise<{ users: Map<string, identity.UserSummary>; companies: Map<string, identity.CompanySummary> }>;
}

/** What sharing needs from interviews (never its schema): interviews of a company by uuid, and take videos. */
export interface InterviewsDirectory {
  sharedInterviews(caller: Caller<Principal>, companyUuid: string, interviewUuids: string[], withTakes: boolean): Promise<interviews.SharedInterview[]>;
  streamTakeVideo(caller: Caller<Principal>, request: interviews.SharedTakeVideoRequest): AsyncIterable<interviews.TakeVideoChunk>;
  streamRecordingVideo(caller: Caller<Principal>, request: interviews.SharedRecordingVideoRequest): AsyncIterable<interviews.TakeVideoChunk>;
}

/** What sharing needs from transcription (decision 073): the rendered transcripts of one company's interviews. */
export interface TranscriptsDirectory {
  /** Those of the interviews' takes and recordings that exist (missing ones left out), each with its WebVTT when done. */
  sharedTranscripts(caller: Caller<Principal>, companyUuid: string, interviewUuids: string[]): Promise<transcription.SharedTranscript[]>;
}

/** Where a use case says what it did without (the process's logger). */
export interface Warnings {
  warn(fields: object, message: string): void;
}

/** A take or a call recording of a link's interview. */
export type SharedMediaRef = { takeUuid: string } | { recordingUuid: string };

/** A link's token and URLs: the token is derived from the link's uuid, only its hash is stored. */
export interface LinkTokens {
  tokenFor(linkUuid: string): string;
  /** The stored lookup hash of a token; undefined when it cannot be a token at all. */
  hashOf(token: string): string | undefined;
  /** `{PUBLIC_BASE_URL}/share/<token>`: the page a reviewer opens. */
  urlFor(linkUuid: string): string;
  /** The API URL streaming one take's or one call recording's video through a link. */
  videoUrlFor(token: string, video: SharedMediaRef): string;
  /** The API URL of one take's or one call recording's WebVTT captions through a link (decision 073). */
  captionsUrlFor(token: string, video: SharedMediaRef): string;
}
