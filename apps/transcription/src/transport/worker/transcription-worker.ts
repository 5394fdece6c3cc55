import { PollingLoop } from '@vi/platform-bus';
import type { Logger } from '@vi/platform-logger';
import { transcribe, type TranscribeDeps } from '../../application/transcribe/transcribe';
import type { TranscriptionQueue } from '../../application/ports';
import type { TranscriptionStore } from '../../application/store';
import { LEASE_MS, type Transcript } from '../../domain/transcript';
import { transcriptionTries, transcriptionTryDuration } from './transcription-metrics';

/**
 * The worker (decision 073): claims due pending transcripts with a lease, at most `concurrency` running at once in
 * this process, each one try of `transcribe`; woken when a transcript becomes pending or a try ends, and polling
 * for the rest (retries coming due, other replicas' expired leases).
 */
export class TranscriptionWorker implements TranscriptionQueue {
  private readonly loop: PollingLoop;
  private readonly running = new Set<Promise<unknown>>();
  /** Aborted by `stop`: the tries under way end at once, due again for another process. */
  private readonly stopping = new AbortController();

  constructor(
    private readonly deps: TranscribeDeps & { store: TranscriptionStore },
    private readonly options: { concurrency: number; pollMs: number; logger: Logger },
  ) {
    this.loop = new PollingLoop(
      () => this.pass(),
      options.pollMs,
      (error) => options.logger.error({ err: error }, 'transcription worker pass failed'),
    );
  }

  start(): void {
    this.loop.start();
  }

  wake(): void {
    this.loop.kick();
  }

  /** Until no transcript is due and none is running (tests). */
  async drain(): Promise<void> {
    for (;;) {
      await this.loop.exclusively(() => this.pass());
      if (this.running.size === 0) return;
      await Promise.allSettled([...this.running]);
    }
  }

  /** Stops claiming, abandons the engine requests under way (their rows due again at once) and waits for them. */
  async stop(): Promise<void> {
    await this.loop.stop();
    this.stopping.abort();
    await Promise.allSettled([...this.running]);
  }

  private async pass(): Promise<void> {
    const free = this.options.concurrency - this.running.size;
    if (free <= 0) return;
    const now = this.deps.clock.now();
    const claimed = await this.deps.store.transaction((tx) => tx.transcripts.claimDue(now, free, new Date(now.getTime() + LEASE_MS)));
    for (const transcript of claimed) {
      const stopTimer = transcriptionTryDuration.startTimer();
      const run: Promise<unknown> = transcribe({ ...this.deps, signal: this.stopping.signal }, transcript)
        .then((ended) => {
          const outcome = outcomeOf(ended);
          transcriptionTries.inc({ outcome });
          stopTimer({ outcome });
        })
        .catch((error: unknown) => this.options.logger.error({ err: error, transcript: transcript.uuid }, 'transcription try failed'))
        .finally(() => {
          this.running.delete(run);
          this.loop.kick();
        });
      this.running.add(run);
    }
  }
}

function outcomeOf(ended: Transcript | undefined): string {
  if (!ended) return 'superseded';
  return ended.status === 'pending' ? 'retried' : ended.status;
}
