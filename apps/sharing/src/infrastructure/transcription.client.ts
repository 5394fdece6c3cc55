import { credentials } from '@grpc/grpc-js';
import { transcription } from '@vi/contracts';
import { UPSTREAM_CHANNEL_OPTIONS, UpstreamClient, type Caller, type Principal, type PrincipalTokens } from '@vi/platform-grpc';
import type { TranscriptsDirectory } from '../application/ports';

/** GetSharedTranscripts takes at most this many interviews (transcription.proto). */
const INTERVIEWS_PER_REQUEST = 100;

/**
 * Transcripts are an addition to a share view, which answers without them when transcription is away (not deployed,
 * restarting): one attempt, no wait for a reconnection, and at most this long, so the view is never held up by it.
 */
const TRANSCRIPTS_WAIT_MS = 2_000;

/** Transcription over gRPC (decision 073): sharing reads transcripts only through GetSharedTranscripts, as itself. */
export class GrpcTranscriptsDirectory implements TranscriptsDirectory {
  private readonly upstream: UpstreamClient<transcription.TranscriptionServiceClient>;

  constructor(address: string, tokens: PrincipalTokens) {
    this.upstream = new UpstreamClient(
      'transcription',
      new transcription.TranscriptionServiceClient(address, credentials.createInsecure(), UPSTREAM_CHANNEL_OPTIONS),
      tokens,
      { retries: 0 },
    );
  }

  async sharedTranscripts(caller: Caller<Principal>, companyUuid: string, interviewUuids: string[]): Promise<transcription.SharedTranscript[]> {
    const batches: string[][] = [];
    for (let i = 0; i < interviewUuids.length; i += INTERVIEWS_PER_REQUEST) batches.push(interviewUuids.slice(i, i + INTERVIEWS_PER_REQUEST));
    const deadline = new Date(Math.min(caller.deadline?.getTime() ?? Infinity, Date.now() + TRANSCRIPTS_WAIT_MS));
    const answers = await Promise.all(
      batches.map((interview_uuids) =>
        this.upstream.call((c) => c.getSharedTranscripts, { company_uuid: companyUuid, interview_uuids }, { ...caller, deadline, idempotent: true }),
      ),
    );
    return answers.flatMap((a) => a.transcripts);
  }

  close(): void {
    this.upstream.close();
  }
}
