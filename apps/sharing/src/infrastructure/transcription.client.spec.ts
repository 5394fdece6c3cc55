import { createServer } from 'node:net';
import { transcription } from '@vi/contracts';
import { GrpcServer, PrincipalTokens, type CallContext } from '@vi/platform-grpc';
import { createLogger } from '@vi/platform-logger';
import { SHARING_SERVICE } from '../application/ports';
import { GrpcTranscriptsDirectory } from './transcription.client';

const tokens = new PrincipalTokens('s'.repeat(32));
const as = { principal: SHARING_SERVICE, deadline: new Date(Date.now() + 10_000) };

/** A port nothing listens on: taken, then given back. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('GrpcTranscriptsDirectory: transcription over gRPC, as sharing asks it (decision 073)', () => {
  it('asks GetSharedTranscripts as the service sharing, at most 100 interviews a request, and answers every transcript', async () => {
    const asked: Array<{ request: transcription.SharedTranscriptsRequest; principal: CallContext['principal'] }> = [];
    const refuse = async (): Promise<never> => {
      throw new Error('not asked of sharing');
    };
    const server = new GrpcServer(tokens, createLogger('transcription-test', 'silent')).add(transcription.TranscriptionServiceService, {
      getSettings: refuse,
      updateSettings: refuse,
      getTranscript: refuse,
      getCaptions: refuse,
      requestTranscript: refuse,
      getSharedTranscripts: async (request, ctx) => {
        asked.push({ request, principal: ctx.principal });
        return {
          transcripts: request.interview_uuids
            .slice(0, 1)
            .map((uuid) => ({ interview_uuid: uuid, source_uuid: `take-of-${uuid}`, json: Buffer.from('{}'), vtt: '' })),
        };
      },
    });
    const port = await server.listen('127.0.0.1:0');
    const sut = new GrpcTranscriptsDirectory(`127.0.0.1:${port}`, tokens);
    try {
      const interviews = Array.from({ length: 150 }, (_, i) => `interview-${i}`);
      const found = await sut.sharedTranscripts(as, 'company-1', interviews);
      expect(found.map((t) => t.source_uuid)).toEqual(['take-of-interview-0', 'take-of-interview-100']);
      expect(asked.map((a) => [a.request.company_uuid, a.request.interview_uuids.length])).toEqual([
        ['company-1', 100],
        ['company-1', 50],
      ]);
      expect(asked[0].principal).toEqual(SHARING_SERVICE);
    } finally {
      sut.close();
      await server.shutdown(0);
    }
  });

  it('fails at once, without waiting for a reconnection, when nothing listens where transcription should be', async () => {
    const sut = new GrpcTranscriptsDirectory(`127.0.0.1:${await closedPort()}`, tokens);
    try {
      const started = Date.now();
      await expect(sut.sharedTranscripts(as, 'company-1', ['interview-1'])).rejects.toMatchObject({ code: 'api.service_unavailable' });
      expect(Date.now() - started).toBeLessThan(1_500);
    } finally {
      sut.close();
    }
  });
});
