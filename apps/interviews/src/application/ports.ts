import type { identity, jobs } from '@vi/contracts';
import type { Caller } from '@vi/platform-grpc';
import type { InterviewType } from '../domain/interview-status';

/** The interviews service's outbound ports besides its store (decision 033); adapters in `infrastructure/`. */

/** What interviews need from identity. */
export interface IdentityDirectory {
  /** The job seekers with these emails, made when new, in the order given (one call, decision 043). */
  ensureJobSeekers(caller: Caller, assignees: Array<{ name: string; email: string }>): Promise<identity.UserSummary[]>;
  planFeatures(caller: Caller, companyUuid: string): Promise<Record<string, boolean>>;
  summaries(
    caller: Caller,
    userUuids: string[],
    companyUuids: string[],
  ): Promise<{ users: Map<string, identity.UserSummary>; companies: Map<string, identity.CompanySummary> }>;
}

/** What interviews need from jobs: the job, as the caller sees it (undefined when not theirs), and its status now. */
export interface JobsDirectory {
  findJob(caller: Caller, jobUuid: string): Promise<jobs.Job | undefined>;
  /** The job's status as jobs holds it now (not the projection, which may lag), asked as interviews itself. */
  jobStatus(caller: Caller, job: { companyUuid: string; jobUuid: string }): Promise<string>;
}

/** Signs the link a job seeker opens (the candidate token is scoped to one interview). */
export interface CandidateLinks {
  linkFor(interview: { uuid: string; candidateUuid: string; type: InterviewType; scheduledAt: Date }): string;
}

/** Where take videos live: local files now, an object store later. */
export interface MediaStorage {
  /** Streams `data` into `key`; returns the bytes written. */
  write(key: string, data: AsyncIterable<Uint8Array>): Promise<number>;
  size(key: string): Promise<number>;
  /** Bytes `start` to `end`, inclusive. */
  read(key: string, range: { start: number; end: number }): AsyncIterable<Buffer>;
  delete(key: string): Promise<void>;
}

/** Where a player fetches a take's video from the object store itself (MEDIA_PLAYBACK=redirect, decision 024). */
export interface MediaPlaybackUrls {
  /** A presigned URL serving the whole video (and any byte range of it) as `contentType`, for a short while. */
  playbackUrl(key: string, contentType: string): Promise<string>;
}

/** The containers a take video may come in: WebM (Matroska) or MP4 (ISO-BMFF). */
export type VideoContainer = 'webm' | 'mp4';

/** A video passing through, and what its container says about its length once it has all passed. */
export interface MeasuredVideo {
  /** The same bytes, unchanged, to be consumed by whoever stores them. */
  data: AsyncIterable<Uint8Array>;
  /** Seconds from the first frame to the end of the last, or null when the container carries no readable timing. Settles once `data` is consumed. */
  duration: Promise<number | null>;
}

/** Reads a take video's container while it streams to storage (never holding it whole). */
export interface VideoProbe {
  /** Bytes needed at most to tell the container from its first bytes. */
  readonly headBytes: number;
  /** The container the first bytes announce, or null when they are neither WebM nor MP4. */
  containerOf(head: Uint8Array): VideoContainer | null;
  measure(data: AsyncIterable<Uint8Array>): MeasuredVideo;
}
