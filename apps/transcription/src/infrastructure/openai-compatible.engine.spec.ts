import { TranscriptionEngineStandIn, webmFile } from '@vi/platform-testing';
import { EngineFailure } from '../application/ports';
import { endpointOf, OpenAiCompatibleEngine, parseVerboseJson } from './openai-compatible.engine';

describe('OpenAiCompatibleEngine against the stand-in', () => {
  let engine: TranscriptionEngineStandIn;
  beforeAll(async () => {
    engine = await TranscriptionEngineStandIn.start({ apiKey: 'sk-test', model: 'whisper-large-v3' });
  });
  afterAll(() => engine.close());

  const piece = () => ({ data: new Uint8Array(webmFile({ seconds: 3, video: false })), contentType: 'audio/webm', offsetMs: 0, durationMs: 3000 });
  const sut = (apiKey = 'sk-test') => new OpenAiCompatibleEngine({ url: `${engine.url}/`, apiKey, model: 'whisper-large-v3', timeoutMs: 10_000 });

  it('sends the multipart the engine checks, with the key, and reads its segments and language', async () => {
    const answer = await sut().transcribe(piece(), 'fr-FR');
    expect(answer).toEqual({ language: 'french', segments: [{ start: 0, end: expect.any(Number), text: expect.stringMatching(/segment 1 of 2\.9\d/) }] });
    expect(engine.requests.at(-1)).toMatchObject({ status: 200, problems: [], fields: { language: ['fr'], model: ['whisper-large-v3'] } });
  });

  it('fails for good on a 4xx, and retryably on a 429 (with its Retry-After) or a 5xx', async () => {
    await expect(sut('sk-wrong').transcribe(piece(), 'en')).rejects.toMatchObject({
      retryable: false,
      message: expect.stringContaining('engine answered 401'),
    });
    engine.failTimes(1, 429, '7');
    await expect(sut().transcribe(piece(), 'en')).rejects.toMatchObject({ retryable: true, retryAfterMs: 7000 });
    engine.failTimes(1, 502);
    await expect(sut().transcribe(piece(), 'en')).rejects.toMatchObject({ retryable: true, retryAfterMs: undefined });
  });

  it('gives up a request when the worker stops, retryably', async () => {
    const stopping = new AbortController();
    stopping.abort();
    const failure = await sut()
      .transcribe(piece(), 'en', stopping.signal)
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(EngineFailure);
    expect(failure).toMatchObject({ retryable: true });
  });

  it('adds the path to a base URL only', () => {
    expect(endpointOf('http://speaches:8000')).toBe('http://speaches:8000/v1/audio/transcriptions');
    expect(endpointOf('https://api.groq.com/openai/')).toBe('https://api.groq.com/openai/v1/audio/transcriptions');
    expect(endpointOf('http://x/v1/audio/transcriptions')).toBe('http://x/v1/audio/transcriptions');
  });

  it('takes an answer without segments as one segment of the whole text, and refuses what is not JSON', () => {
    expect(parseVerboseJson('{"text":" Hello ","duration":4.5}')).toEqual({ language: undefined, segments: [{ start: 0, end: 4.5, text: ' Hello ' }] });
    expect(() => parseVerboseJson('<html>')).toThrow(EngineFailure);
  });
});
