import { credentials } from '@grpc/grpc-js';
import { interviews } from '@vi/contracts';
import { UPSTREAM_CHANNEL_OPTIONS, UpstreamClient, type Caller, type Principal, type PrincipalTokens } from '@vi/platform-grpc';
import { TRANSCRIPTION_SERVICE, type InterviewsDirectory } from '../application/ports';

/** How long a take's or recording's bytes may take to arrive (an hour's recording is a few hundred MB at most). */
const MEDIA_DEADLINE_MS = 10 * 60 * 1000;

/** Interviews over gRPC (never its schema): what the caller sees, and the media, read as the service `transcription`. */
export class GrpcInterviewsDirectory implements InterviewsDirectory {
  private readonly interviews: UpstreamClient<interviews.InterviewsServiceClient>;
  private readonly takesClient: UpstreamClient<interviews.TakesServiceClient>;
  private readonly recordingsClient: UpstreamClient<interviews.RecordingsServiceClient>;
  private readonly shared: UpstreamClient<interviews.SharedInterviewsServiceClient>;

  constructor(address: string, tokens: PrincipalTokens) {
    const insecure = credentials.createInsecure();
    this.interviews = new UpstreamClient('interviews', new interviews.InterviewsServiceClient(address, insecure, UPSTREAM_CHANNEL_OPTIONS), tokens);
    this.takesClient = new UpstreamClient('interviews', new interviews.TakesServiceClient(address, insecure, UPSTREAM_CHANNEL_OPTIONS), tokens);
    this.recordingsClient = new UpstreamClient('interviews', new interviews.RecordingsServiceClient(address, insecure, UPSTREAM_CHANNEL_OPTIONS), tokens);
    this.shared = new UpstreamClient('interviews', new interviews.SharedInterviewsServiceClient(address, insecure, UPSTREAM_CHANNEL_OPTIONS), tokens);
  }

  async interviewLanguage(caller: Caller<Principal>, interviewUuid: string): Promise<string> {
    const found = await this.interviews.call((c) => c.getInterview, { interview_uuid: interviewUuid }, { ...caller, idempotent: true });
    const json = JSON.parse(Buffer.from(found.json).toString('utf8')) as { language?: string };
    return json.language || 'en';
  }

  async takes(caller: Caller<Principal>, interviewUuid: string, questionUuid: string): Promise<interviews.Take[]> {
    return (await this.takesClient.call((c) => c.listTakes, { interview_uuid: interviewUuid, question_uuid: questionUuid }, { ...caller, idempotent: true }))
      .takes;
  }

  async recordings(caller: Caller<Principal>, interviewUuid: string): Promise<interviews.Recording[]> {
    return (await this.recordingsClient.call((c) => c.listRecordings, { interview_uuid: interviewUuid }, { ...caller, idempotent: true })).recordings;
  }

  async *media(request: interviews.TranscriptionMediaRequest): AsyncIterable<Uint8Array> {
    const chunks = this.shared.serverStream((c) => c.streamMediaForTranscription, request, {
      principal: TRANSCRIPTION_SERVICE,
      deadline: new Date(Date.now() + MEDIA_DEADLINE_MS),
    });
    for await (const chunk of chunks) {
      if (chunk.redirect_url) {
        // Interviews with MEDIA_PLAYBACK=redirect may answer the object store's presigned URL instead of the bytes.
        const response = await fetch(chunk.redirect_url);
        if (!response.ok || !response.body) throw new Error(`media: the object store answered ${response.status}`);
        for await (const part of response.body) yield part;
        return;
      }
      if (chunk.data.length > 0) yield chunk.data;
    }
  }

  close(): void {
    for (const client of [this.interviews, this.takesClient, this.recordingsClient, this.shared]) client.close();
  }
}
