/**
 * Runs `pass` every `intervalMs`, and at once on `kick()` (or right after the
 * pass under way, never two at a time): work recorded in a table is picked up
 * promptly after a commit, and by polling for the rest (restarts, other
 * replicas' rows, times coming due). A kick before `start` runs one pass;
 * after `stop` kicks are ignored.
 */
export class PollingLoop {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;

  constructor(
    private readonly pass: () => Promise<unknown>,
    private readonly intervalMs: number,
    private readonly onError: (error: unknown) => void,
  ) {}

  start(): void {
    this.stopped = false;
    this.timer = setInterval(() => this.kick(), this.intervalMs);
    this.timer.unref();
    this.kick();
  }

  /** Runs a pass now (or right after the one under way). */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.occupy(this.pass().catch(this.onError));
  }

  /**
   * Runs `work` in place of a pass: after the pass under way, and with kicks meanwhile deferred until it ends, so it
   * never overlaps a pass (a relay's `drain` must not return while a kicked pass still holds rows it claimed).
   */
  async exclusively<T>(work: () => Promise<T>): Promise<T> {
    while (this.running) await this.running;
    const result = work();
    this.occupy(result.catch(() => undefined));
    return result;
  }

  private occupy(pass: Promise<unknown>): void {
    this.running = pass
      .then(() => undefined)
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  /** Stops polling and waits for the pass under way. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }
}
