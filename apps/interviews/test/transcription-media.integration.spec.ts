import { randomUUID } from 'node:crypto';
import { credentials } from '@grpc/grpc-js';
import { interviews, SharedErrorCode } from '@vi/contracts';
import { GrpcServer, PrincipalTokens, UPSTREAM_CHANNEL_OPTIONS, UpstreamClient, type Principal } from '@vi/platform-grpc';
import { createLogger } from '@vi/platform-logger';
import { randomSecret } from '@vi/platform-testing';
import { sharedInterviewsHandlers } from '../src/transport/grpc/shared-interviews.grpc';
import { insertInterview, openInterviewsTestDatabase, type InterviewsTestDatabase } from './database';
import { anInterview, aQuestion, aRecording, aTake, aUserOfCompany } from './factories';
import { MemoryMedia } from './fakes';

/**
 * StreamMediaForTranscription over gRPC on a real database (decision 073): the principal `transcription` only, the
 * bytes of a take or an ended recording whatever the interview's status, even where players get a presigned URL.
 */
describe('SharedInterviewsService.StreamMediaForTranscription over gRPC', () => {
  let t: InterviewsTestDatabase;
  let server: GrpcServer;
  let client: UpstreamClient<interviews.SharedInterviewsServiceClient>;
  const tokens = new PrincipalTokens(randomSecret());
  const media = new MemoryMedia();
  const requested = anInterview({ status: 'requested', type: 'live' });
  const deleted = anInterview({ companyUuid: requested.companyUuid, status: 'completed' });
  const question = aQuestion(requested);
  const take = aTake(question);
  const deletedTake = aTake(aQuestion(deleted));
  const recording = aRecording(requested, { state: 'ended', storageKey: `${requested.uuid}/recordings/${randomUUID()}.webm`, size: 10 });
  const transcription: Principal = { kind: 'service', service: 'transcription' };

  beforeAll(async () => {
    t = await openInterviewsTestDatabase();
    await t.store.transaction(async (tx) => {
      await insertInterview(tx, requested, {}, [question]);
      await insertInterview(tx, deleted, {}, [aQuestion(deleted, { uuid: deletedTake.questionUuid })]);
      await tx.takes.insert(take);
      await tx.takes.insert(deletedTake);
      await tx.recordings.insert(recording);
      await tx.interviews.markDeleted(deleted.uuid, new Date());
    });
    media.files.set(take.storageKey, Buffer.from('take-bytes'));
    media.files.set(deletedTake.storageKey, Buffer.from('gone'));
    media.files.set(recording.storageKey!, Buffer.from('call-bytes'));
    // Players would get a presigned URL (MEDIA_PLAYBACK=redirect): the transcription service never does.
    const playback = { playbackUrl: async (key: string) => `https://bucket.example/${key}` };
    server = new GrpcServer(tokens, createLogger('interviews-test', 'silent')).add(
      interviews.SharedInterviewsServiceService,
      sharedInterviewsHandlers({ store: t.store, media, playback }),
    );
    const port = await server.listen('127.0.0.1:0');
    client = new UpstreamClient(
      'interviews',
      new interviews.SharedInterviewsServiceClient(`127.0.0.1:${port}`, credentials.createInsecure(), UPSTREAM_CHANNEL_OPTIONS),
      tokens,
    );
  });
  afterAll(async () => {
    client.close();
    await server.shutdown();
    await t.close();
  });

  const stream = async (principal: Principal, request: Partial<interviews.TranscriptionMediaRequest>) => {
    const chunks: interviews.TakeVideoChunk[] = [];
    const full = { company_uuid: requested.companyUuid, interview_uuid: requested.uuid, ...request };
    for await (const chunk of client.serverStream((c) => c.streamMediaForTranscription, full, { principal })) chunks.push(chunk);
    return { meta: chunks[0]?.meta, body: Buffer.concat(chunks.map((c) => Buffer.from(c.data))).toString(), redirect: chunks.find((c) => c.redirect_url) };
  };

  it("streams a take's bytes of an interview not completed to the transcription service, never a redirect", async () => {
    expect(await stream(transcription, { take_uuid: take.uuid })).toEqual({
      meta: { size: 10, content_type: take.contentType, start: 0, end: 9 },
      body: 'take-bytes',
      redirect: undefined,
    });
    expect(await stream(transcription, { recording_uuid: recording.uuid })).toMatchObject({ body: 'call-bytes', redirect: undefined });
  });

  it('finds nothing for anyone else: the sharing service, the company’s own users, another service (404)', async () => {
    const others: Principal[] = [
      { kind: 'service', service: 'sharing' },
      { kind: 'service', service: 'evaluations' },
      aUserOfCompany(requested.companyUuid, { role: 'administrator' }),
    ];
    for (const principal of others) {
      await expect(stream(principal, { take_uuid: take.uuid })).rejects.toMatchObject({ code: SharedErrorCode.InterviewNotFound });
    }
  });

  it('finds nothing of a deleted interview, another company, or an unknown take (404)', async () => {
    await expect(stream(transcription, { interview_uuid: deleted.uuid, take_uuid: deletedTake.uuid })).rejects.toMatchObject({
      code: SharedErrorCode.InterviewNotFound,
    });
    await expect(stream(transcription, { company_uuid: randomUUID(), take_uuid: take.uuid })).rejects.toMatchObject({
      code: SharedErrorCode.InterviewNotFound,
    });
    await expect(stream(transcription, { take_uuid: randomUUID() })).rejects.toMatchObject({ code: 'api.take_not_found' });
  });
});
