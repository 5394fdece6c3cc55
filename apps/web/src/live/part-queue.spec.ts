import { describe, expect, it } from '@jest/globals';
import { ApiError } from '../shared/api';
import { endWithWhatArrived, partQueue, partsOfAtLeast } from './part-queue';

/** A server answering each try of a part from a script: `undefined` is a 204, an ApiError its refusal. */
function server(answers: Record<number, Array<ApiError | undefined>>) {
  const tries: number[] = [];
  const kept: string[] = [];
  const send = async (n: number, part: string) => {
    tries.push(n);
    const answer = answers[n]?.shift();
    if (answer) throw answer;
    kept.push(part);
  };
  return { send, tries, kept };
}

const noWait = () => Promise.resolve();

describe('partQueue (a call recording sent in parts, decision 040)', () => {
  it('sends the parts one after another, in the order they were recorded', async () => {
    const s = server({});
    const queue = partQueue(s.send, { retryForMs: 110_000, sleep: noWait });
    ['a', 'b', 'c'].forEach((part) => queue.add(part));
    await queue.drained();
    expect(s.tries).toEqual([0, 1, 2]);
    expect(s.kept).toEqual(['a', 'b', 'c']);
  });

  it('tries a part again after a network failure, a 429 or a 5xx, waiting longer each time', async () => {
    const s = server({ 1: [new ApiError(0, 'network'), new ApiError(503, 'api.service_unavailable'), new ApiError(429, 'api.rate_limited')] });
    const waits: number[] = [];
    const queue = partQueue(s.send, { retryForMs: 110_000, sleep: async (ms) => void waits.push(ms) });
    ['a', 'b', 'c'].forEach((part) => queue.add(part));
    await queue.drained();
    expect(s.tries).toEqual([0, 1, 1, 1, 1, 2]);
    expect(waits).toEqual([1_000, 2_000, 4_000]);
    expect(s.kept).toEqual(['a', 'b', 'c']);
  });

  it('takes a refusal as final at once: no retry, no later part, one error told, and drained() rejects with it', async () => {
    const refusal = new ApiError(409, 'api.recording_ended');
    const s = server({ 1: [refusal] });
    const told: Error[] = [];
    const queue = partQueue(s.send, { retryForMs: 110_000, sleep: noWait, onError: (error) => told.push(error) });
    ['a', 'b', 'c'].forEach((part) => queue.add(part));
    await expect(queue.drained()).rejects.toBe(refusal);
    queue.add('d');
    await expect(queue.drained()).rejects.toBe(refusal);
    expect(s.tries).toEqual([0, 1]);
    expect(s.kept).toEqual(['a']);
    expect(told).toEqual([refusal]);
  });

  it('gives a part up once its retries would pass the time allowed, and sends nothing after it', async () => {
    const down = new ApiError(503, 'api.service_unavailable');
    const s = server({ 0: Array.from({ length: 100 }, () => down) });
    let now = 0;
    const realNow = Date.now;
    Date.now = () => now;
    try {
      const queue = partQueue(s.send, { retryForMs: 30_000, sleep: async (ms) => void (now += ms) });
      ['a', 'b'].forEach((part) => queue.add(part));
      await expect(queue.drained()).rejects.toBe(down);
    } finally {
      Date.now = realNow;
    }
    // Tries after 1, 2, 4, 8 and 10 s (25 s in all); the next would start past 30 s.
    expect(s.tries).toEqual([0, 0, 0, 0, 0, 0]);
    expect(s.kept).toEqual([]);
  });
});

describe('endWithWhatArrived (the recording ended when the call is)', () => {
  /** The server's end of the recording: what it had kept when it was asked. */
  function ending(s: ReturnType<typeof server>, refuse?: Error) {
    const endedWith: string[][] = [];
    const end = async () => {
      if (refuse) throw refuse;
      endedWith.push([...s.kept]);
    };
    return { end, endedWith };
  }

  it('ends the recording once every part arrived: whole', async () => {
    const s = server({});
    const queue = partQueue(s.send, { retryForMs: 110_000, sleep: noWait });
    ['a', 'b'].forEach((part) => queue.add(part));
    const e = ending(s);
    await expect(endWithWhatArrived(queue, e.end)).resolves.toBe('whole');
    expect(e.endedWith).toEqual([['a', 'b']]);
  });

  it('ends it with the parts before one refused: partial, saved up to where the upload stopped', async () => {
    const s = server({ 1: [new ApiError(413, 'api.interview_media_quota_exceeded')] });
    const queue = partQueue(s.send, { retryForMs: 110_000, sleep: noWait });
    ['a', 'b', 'c'].forEach((part) => queue.add(part));
    const e = ending(s);
    await expect(endWithWhatArrived(queue, e.end)).resolves.toBe('partial');
    expect(e.endedWith).toEqual([['a']]);
  });

  it('rejects when the end itself fails, so the page says the server finishes it later', async () => {
    const s = server({});
    const queue = partQueue(s.send, { retryForMs: 110_000, sleep: noWait });
    queue.add('a');
    const down = new ApiError(503, 'api.service_unavailable');
    await expect(endWithWhatArrived(queue, ending(s, down).end)).rejects.toBe(down);
  });
});

describe('partsOfAtLeast (the recorder’s chunks gathered into parts)', () => {
  const chunk = (size: number) => ({ size });

  it('sends a first byte handed over alone together with the chunk after it, and larger chunks as they come', () => {
    const sent: number[][] = [];
    const gathered = partsOfAtLeast(1024, (chunks) => sent.push(chunks.map((c) => c.size)));
    // What Chromium gave at a 100-ms timeslice: 0x1A alone, then the rest of the header and the first frames.
    [1, 9021, 4508, 3686].forEach((size) => gathered.add(chunk(size)));
    expect(sent).toEqual([[1, 9021], [4508], [3686]]);
  });

  it('sends what is left when the recorder stops, however small, and nothing when nothing is left', () => {
    const sent: number[][] = [];
    const gathered = partsOfAtLeast(1024, (chunks) => sent.push(chunks.map((c) => c.size)));
    [2000, 10, 20].forEach((size) => gathered.add(chunk(size)));
    gathered.flush();
    gathered.flush();
    expect(sent).toEqual([[2000], [10, 20]]);
  });
});
