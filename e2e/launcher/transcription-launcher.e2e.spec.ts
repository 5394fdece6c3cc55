import { credentials } from '@grpc/grpc-js';
import { transcription, TranscriptionSubjects } from '@vi/contracts';
import type { BusMessage } from '@vi/platform-bus';
import { PrincipalTokens, UPSTREAM_CHANNEL_OPTIONS, UpstreamClient, type UserPrincipal } from '@vi/platform-grpc';
import { waitFor } from '@vi/platform-testing';
import { loadTranscriptionConfig } from '../../apps/transcription/src/config';
import { settled } from '../support/barrier';
import { startTestSystem, baseTestEnv, type TestSystem } from '../support/test-system';
import { TranscriptionEngineStandIn } from '../support/transcription-engine-stand-in';

/**
 * The launcher runs the transcription service (decision 073) beside the others, on the test system's database and
 * bus, with the environment a spec passes: a TRANSCRIPTION_URL given as an override reaches it (the engine is
 * available), and without one it is off. Its gRPC is reached here as the gateway reaches it.
 */
describe('the transcription service in the launched system', () => {
  let engine: TranscriptionEngineStandIn;
  let t: TestSystem;
  let client: UpstreamClient<transcription.TranscriptionServiceClient>;
  const published: BusMessage[] = [];

  beforeAll(async () => {
    engine = await TranscriptionEngineStandIn.start({ apiKey: 'sk-e2e' });
    t = await startTestSystem(engine.env());
    await t.system.bus.subscribe({ subjects: [TranscriptionSubjects.SettingsChanged], handler: async (message) => void published.push(message) });
    client = new UpstreamClient(
      'transcription',
      new transcription.TranscriptionServiceClient(`127.0.0.1:${t.system.transcription.grpcPort}`, credentials.createInsecure(), UPSTREAM_CHANNEL_OPTIONS),
      new PrincipalTokens(t.env.INTERNAL_JWT_SECRET!),
    );
  });
  afterAll(async () => {
    client.close();
    await t.stop();
    await engine.close();
  });

  const json = (body: transcription.Body): unknown => JSON.parse(Buffer.from(body.json).toString('utf8'));

  it("has the spec's engine: the bootstrap administrator finds it available and turns transcription on", async () => {
    const me = (await t.admin.get('/me')).body as { uuid: string; company: { uuid: string } };
    const admin: UserPrincipal = { kind: 'user', userUuid: me.uuid, companyUuid: me.company.uuid, role: 'administrator', userType: 'company_user' };
    expect(json(await client.call((c) => c.getSettings, {}, { principal: admin }))).toEqual({
      transcription: false,
      transcription_available: true,
      updated_at: null,
    });
    expect(json(await client.call((c) => c.updateSettings, { transcription: true }, { principal: admin }))).toMatchObject({ transcription: true });
    // The barrier counts due transcripts too (none here): it settles.
    await settled(t);
    await waitFor(() => published.length > 0, 10_000);
    expect(published[0].payload).toMatchObject({ company_uuid: me.company.uuid, transcription: true });
  });

  it('is off with the environment of a test system that names no engine (as npm start leaves it)', () => {
    const config = loadTranscriptionConfig({ ...baseTestEnv(), TRANSCRIPTION_URL: '' });
    expect(config.engine).toBeUndefined();
    expect(loadTranscriptionConfig(t.env).engine).toEqual({ url: engine.url, apiKey: 'sk-e2e', model: 'whisper-1', timeoutMs: 300_000 });
  });
});
