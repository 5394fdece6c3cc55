import { isTransient } from '../shared/api';

/** A recording's parts, sent one after another in the order they were added (decision 040). */
export interface PartQueue<Part> {
  add(part: Part): void;
  /**
   * Resolves once every part added so far reached the server; rejects with the failure when one could not, after
   * which no later part was sent (the server keeps parts only in order).
   */
  drained(): Promise<void>;
}

export interface PartQueueOptions {
  /** How long one part is retried after a transient failure (a network failure, a 429, a 5xx). */
  retryForMs: number;
  /** Told once, when a part failed for good. */
  onError?: (error: Error) => void;
  sleep?: (ms: number) => Promise<void>;
}

/**
 * Sends part n with `send(n, part)`. A transient failure is retried 1, 2, 4 … up to 10 s apart for `retryForMs`; a
 * refusal (another 4xx: the recording ended, too large, over the quota) is final at once, as is the part that ran out
 * of retries.
 */
export function partQueue<Part>(send: (n: number, part: Part) => Promise<void>, options: PartQueueOptions): PartQueue<Part> {
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  let next = 0;
  let queue: Promise<void> = Promise.resolve();
  let failed: Error | undefined;

  const sendWithRetries = async (n: number, part: Part) => {
    const until = Date.now() + options.retryForMs;
    for (let wait = 1_000; ; wait = Math.min(wait * 2, 10_000)) {
      try {
        return await send(n, part);
      } catch (error) {
        if (!isTransient(error) || Date.now() + wait > until) throw error;
        await sleep(wait);
      }
    }
  };

  return {
    add(part) {
      const n = next++;
      queue = queue.then(async () => {
        if (failed) return;
        try {
          await sendWithRetries(n, part);
        } catch (error) {
          failed = error instanceof Error ? error : new Error(String(error));
          options.onError?.(failed);
        }
      });
    },
    async drained() {
      await queue;
      if (failed) throw failed;
    },
  };
}

/** How a recording was ended: with every part sent, or with those before a part that failed for good. */
export type EndedRecording = 'whole' | 'partial';

/**
 * Waits for every part added to `queue`, then ends the recording with what arrived (`end`), whether or not a part
 * failed: the server keeps parts only in order, so what arrived is the recording up to where its upload stopped.
 * Rejects only when `end` does (the service's idle finish then ends it, decision 040).
 */
export async function endWithWhatArrived(queue: PartQueue<unknown>, end: () => Promise<void>): Promise<EndedRecording> {
  const whole = await queue.drained().then(
    () => true,
    () => false,
  );
  await end();
  return whole ? 'whole' : 'partial';
}

/**
 * Gathers a recorder's chunks into parts of at least `minBytes`; `flush()` sends what is left, however small. Chromium's
 * MediaRecorder can hand the container's first byte over alone (0x1A, then the rest of the EBML header with the next
 * chunk: seen at a 100-ms timeslice, and on loaded CI machines at 4 s), and the server refuses a first part too short
 * to show it starts the announced container (400 `api.take_not_video`).
 */
export function partsOfAtLeast<Chunk extends { size: number }>(minBytes: number, send: (chunks: Chunk[]) => void): { add(chunk: Chunk): void; flush(): void } {
  let gathered: Chunk[] = [];
  let size = 0;
  const flush = () => {
    if (gathered.length === 0) return;
    const part = gathered;
    gathered = [];
    size = 0;
    send(part);
  };
  return {
    add(chunk) {
      gathered.push(chunk);
      size += chunk.size;
      if (size >= minBytes) flush();
    },
    flush,
  };
}
