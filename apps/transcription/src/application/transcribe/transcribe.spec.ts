import { randomUUID } from 'node:crypto';
import { TranscriptionSubjects } from '@vi/contracts';
import { AppError, ErrorKind } from '@vi/platform-errors';
import { FakeClock } from '@vi/platform-time';
import { aTranscript } from '../../../test/factories';
import { InterviewsTable, inMemoryTranscriptionStore } from '../../../test/fakes';
import { EngineFailure, UnreadableMedia, type AudioExtractor, type AudioPiece, type EngineTranscript, type TranscriptionEngine } from '../ports';
import { transcribe } from './transcribe';

/** Pieces that fail before the first one: a media without audio, interviews down. */
const failing = (error: Error): AsyncIterable<AudioPiece> => ({ [Symbol.asyncIterator]: () => ({ next: () => Promise.reject(error) }) });

describe('transcribe (one try)', () => {
  const clock = new FakeClock('2026-03-01T10:00:00+00:00');
  const lease = new Date('2026-03-01T10:30:00Z');

  /** Two pieces of 10 s; the engine answers each with `answer`, or fails with it. */
  async function world(answer: () => Promise<EngineTranscript>, extractor?: AudioExtractor, attempts = 1) {
    const store = inMemoryTranscriptionStore();
    const t = aTranscript({ attempts: attempts - 1 });
    await store.transaction((tx) => tx.transcripts.insertIfAbsent(t));
    const [claimed] = await store.transaction((tx) => tx.transcripts.claimDue(clock.now(), 1, lease));
    const interviews = new InterviewsTable();
    const sent: number[] = [];
    const engine: TranscriptionEngine = { transcribe: (piece) => (sent.push(piece.offsetMs), answer()) };
    const pieces: AudioExtractor = extractor ?? {
      async *pieces() {
        yield { data: new Uint8Array(1), contentType: 'audio/webm', offsetMs: 0, durationMs: 10_000 };
        yield { data: new Uint8Array(1), contentType: 'audio/webm', offsetMs: 10_000, durationMs: 10_000 };
      },
    };
    const deps = { store, interviews, extractor: pieces, engine, clock, pieceSeconds: 10, retryBaseMs: 2000 };
    return { store, claimed, sent, deps };
  }

  it('joins the pieces at their offsets, ends done and publishes TranscriptReady with the text', async () => {
    const { store, claimed, sent, deps } = await world(async () => ({ language: 'english', segments: [{ start: 1, end: 2, text: ' Hi' }] }));
    const ended = await transcribe(deps, claimed);
    expect(sent).toEqual([0, 10_000]);
    expect(ended).toMatchObject({
      status: 'done',
      text: 'Hi Hi',
      segments: [
        { startMs: 1000, endMs: 2000, text: 'Hi' },
        { startMs: 11_000, endMs: 12_000, text: 'Hi' },
      ],
      leaseUntil: null,
    });
    expect(store.published).toEqual([{ subject: TranscriptionSubjects.TranscriptReady, payload: expect.objectContaining({ status: 'done', text: 'Hi Hi' }) }]);
  });

  it("is retried after the backoff (or the engine's Retry-After) on a retryable failure, publishing nothing", async () => {
    const { store, claimed, deps } = await world(() => Promise.reject(new EngineFailure('engine answered 503: busy', true)));
    expect(await transcribe(deps, claimed)).toMatchObject({
      status: 'pending',
      failure: 'engine answered 503: busy',
      nextAttemptAt: new Date('2026-03-01T10:00:02Z'),
    });
    expect(store.published).toEqual([]);
    const limited = await world(() => Promise.reject(new EngineFailure('engine answered 429', true, 7000)));
    expect(await transcribe(limited.deps, limited.claimed)).toMatchObject({ status: 'pending', nextAttemptAt: new Date('2026-03-01T10:00:07Z') });
  });

  it('fails on the sixth try, on another 4xx, on a media without audio, and when interviews has no such media', async () => {
    const sixth = await world(() => Promise.reject(new EngineFailure('engine answered 500', true)), undefined, 6);
    expect(await transcribe(sixth.deps, sixth.claimed)).toMatchObject({ status: 'failed', failure: 'engine answered 500', attempts: 6 });
    expect(sixth.store.published).toEqual([
      { subject: TranscriptionSubjects.TranscriptReady, payload: expect.objectContaining({ status: 'failed', text: '' }) },
    ]);

    const refused = await world(() => Promise.reject(new EngineFailure('engine answered 400: bad model', false)));
    expect(await transcribe(refused.deps, refused.claimed)).toMatchObject({ status: 'failed', failure: 'engine answered 400: bad model' });

    const silent = await world(() => Promise.reject(new Error('not called')), {
      pieces: () => failing(new UnreadableMedia('the media has no audio track')),
    });
    expect(await transcribe(silent.deps, silent.claimed)).toMatchObject({ status: 'failed', failure: 'the media has no audio track' });
    expect(silent.sent).toEqual([]);

    // The real extractor reads what interviews streams; here the fake table has no such take.
    const gone = await world(() => Promise.reject(new Error('not called')), {
      async *pieces(media) {
        for await (const chunk of media) yield { data: chunk, contentType: 'audio/webm', offsetMs: 0, durationMs: 1 };
      },
    });
    expect(await transcribe(gone.deps, gone.claimed)).toMatchObject({ status: 'failed', failure: 'interviews: api.take_not_found: Take not found' });
  });

  it('is retried when interviews is unavailable', async () => {
    const down = await world(() => Promise.reject(new Error('not called')), {
      pieces: () => failing(new AppError(ErrorKind.Unavailable, 'api.service_unavailable', 'interviews is unavailable')),
    });
    expect(await transcribe(down.deps, down.claimed)).toMatchObject({ status: 'pending' });
  });

  it('ends pending, due at once and not counted, when its worker stops mid-request', async () => {
    const stopping = new AbortController();
    // The engine answers nothing until the request is abandoned; the worker stops while it waits.
    const { claimed, deps } = await world(() => {
      const abandoned = new Promise<never>((_, reject) =>
        stopping.signal.addEventListener('abort', () => reject(new EngineFailure('engine unreachable: aborted', true))),
      );
      setImmediate(() => stopping.abort());
      return abandoned;
    });
    expect(await transcribe({ ...deps, signal: stopping.signal }, claimed)).toMatchObject({
      status: 'pending',
      attempts: 0,
      nextAttemptAt: clock.now(),
      leaseUntil: null,
      failure: 'the worker stopped: engine unreachable: aborted',
    });
  });

  it('changes nothing when its lease was lost (asked again, or the interview deleted meanwhile)', async () => {
    const { store, claimed, deps } = await world(async () => ({ segments: [{ start: 0, end: 1, text: 'x' }] }));
    await store.transaction((tx) => tx.transcripts.request({ ...claimed, uuid: randomUUID(), nextAttemptAt: clock.now() }));
    expect(await transcribe(deps, claimed)).toBeUndefined();
    expect(store.read.transcripts.state.rows[0]).toMatchObject({ status: 'pending', leaseUntil: null, text: '' });
    expect(store.published).toEqual([]);
  });
});
