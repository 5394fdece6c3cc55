import { TranscriptionEngineStandIn } from './transcription-engine-stand-in';
import { webmFile } from './video-files';

/** The stand-in's own checks: what it refuses is what makes the specs that use it able to fail. */
describe('TranscriptionEngineStandIn', () => {
  let engine: TranscriptionEngineStandIn;
  beforeAll(async () => {
    engine = await TranscriptionEngineStandIn.start({ apiKey: 'sk-test' });
  });
  afterAll(() => engine.close());

  function post(fields: Record<string, string>, file: { data: Buffer; type: string } | undefined, key = 'sk-test') {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    if (file) form.append('file', new Blob([file.data], { type: file.type }), 'audio.webm');
    return fetch(`${engine.url}/v1/audio/transcriptions`, { method: 'POST', body: form, headers: { authorization: `Bearer ${key}` } });
  }
  const good = { model: 'whisper-1', language: 'en', response_format: 'verbose_json', 'timestamp_granularities[]': 'segment' };
  const audio = () => ({ data: webmFile({ seconds: 7, video: false }), type: 'audio/webm' });

  it('answers verbose_json with one segment per 5 s of the audio, in the language heard', async () => {
    const response = await post(good, audio());
    expect(response.status).toBe(200);
    const body = (await response.json()) as { language: string; segments: { start: number; end: number; text: string }[] };
    expect(body.language).toBe('english');
    expect(body.segments.map((s) => [s.start, s.text.trim()])).toEqual([
      [0, expect.stringMatching(/^segment 1 of 6\.9\d$/)],
      [5, expect.stringMatching(/^segment 2 of 6\.9\d$/)],
    ]);
    expect(engine.requests.at(-1)).toMatchObject({ status: 200, problems: [], tracks: ['audio'], file: { contentType: 'audio/webm' } });
  });

  it('refuses a file with a video track, a video content type, another model, no language or another format', async () => {
    const video = { data: webmFile({ seconds: 3 }), type: 'video/webm' };
    expect((await post({ ...good, model: 'gpt-4o', response_format: 'json' }, video)).status).toBe(400);
    expect(engine.requests.at(-1)!.problems).toEqual([
      'model is gpt-4o, not whisper-1',
      'response_format is json, not verbose_json',
      "the file's content type is video/webm, not audio/*",
      'the file has a video track',
    ]);
    const { language: _language, ...noLanguage } = good;
    expect((await post(noLanguage, audio())).status).toBe(400);
    expect(engine.requests.at(-1)!.problems).toEqual(['language undefined is no ISO 639-1 code']);
  });

  it('refuses a wrong key, and fails as scripted: a number of times with Retry-After, then always, then recovers', async () => {
    expect((await post(good, audio(), 'sk-wrong')).status).toBe(401);
    engine.failTimes(1, 429, '3');
    const limited = await post(good, audio());
    expect([limited.status, limited.headers.get('retry-after')]).toEqual([429, '3']);
    expect((await post(good, audio())).status).toBe(200);
    engine.failAlways(503);
    expect([(await post(good, audio())).status, (await post(good, audio())).status]).toEqual([503, 503]);
    engine.recover();
    engine.script(['Kubernetes and Postgres', 'Thank you']);
    const scripted = (await (await post(good, audio())).json()) as { text: string; segments: { start: number }[] };
    expect(scripted.text).toBe('Kubernetes and Postgres Thank you');
    expect(scripted.segments.map((s) => s.start)).toEqual([0, expect.any(Number)]);
  });
});
